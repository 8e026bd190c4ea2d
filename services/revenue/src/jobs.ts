/**
 * The revenue service's periodic jobs (each run on one replica at a time, at most once per interval of
 * service time): owners' standing, which time alone can change, the automatic reminders, and the
 * automatic collection of shares due from the card on file, and the estimates for missing reports.
 */
import type { Clock } from '@platform/service-kit/clock';
import type { Database } from '@platform/service-kit/db';
import { definePeriodicJob } from '@platform/service-kit/jobs';
import type { Logger } from '@platform/service-kit/logger';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { RevenueConfig } from './config.js';
import { collectDueShares } from './collection/collect-due-shares.js';
import { estimateMissingReports } from './estimates/estimate-missing-reports.js';
import { sendDueReminders } from './reminders/send-due-reminders.js';
import { refreshAllCustomerStatuses } from './standing/refresh-customer-status.js';

export const CUSTOMER_STATUS_JOB = 'refresh-customer-status';
export const REMINDERS_JOB = 'send-due-reminders';
export const COLLECTION_JOB = 'collect-due-shares';
export const ESTIMATES_JOB = 'estimate-missing-reports';

/** What a round of a job reads: the service's database and clock (the tests hand their own), and its logger. */
export interface RevenueJobDeps {
  db: Database;
  clock: Clock;
  logger?: Logger;
}

export function revenueJobs(deps: ServiceDeps<RevenueConfig>) {
  return [
    definePeriodicJob({
      name: CUSTOMER_STATUS_JOB,
      everyMs: deps.config.REVENUE_STATUS_INTERVAL_MS,
      run: async () => {
        const round = await refreshAllCustomerStatuses(deps);
        if (round.changes.length > 0) deps.logger.info(round, 'customer standing changed');
        return round;
      },
    }),
    definePeriodicJob({
      name: REMINDERS_JOB,
      everyMs: deps.config.REVENUE_REMINDERS_INTERVAL_MS,
      run: () => sendDueReminders(deps),
    }),
    definePeriodicJob({
      name: COLLECTION_JOB,
      everyMs: deps.config.REVENUE_COLLECTION_INTERVAL_MS,
      run: () => collectDueShares(deps),
    }),
    definePeriodicJob({
      name: ESTIMATES_JOB,
      everyMs: deps.config.REVENUE_ESTIMATES_INTERVAL_MS,
      run: () => estimateMissingReports(deps),
    }),
  ];
}

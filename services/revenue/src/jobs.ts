/**
 * The revenue service's periodic jobs (each run on one replica at a time, at most once per interval of
 * service time): owners' standing, which time alone can change, and the automatic reminders.
 */
import { definePeriodicJob } from '@platform/service-kit/jobs';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { RevenueConfig } from './config.js';
import { sendDueReminders } from './reminders/send-due-reminders.js';
import { refreshAllCustomerStatuses } from './standing/refresh-customer-status.js';

export const CUSTOMER_STATUS_JOB = 'refresh-customer-status';
export const REMINDERS_JOB = 'send-due-reminders';

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
  ];
}

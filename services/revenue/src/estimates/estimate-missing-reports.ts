/**
 * The `estimate-missing-reports` job's work (docs/decisions.md, 104), a plain function of the database and
 * the clock: for every month to report that ended `ESTIMATE_AFTER_DAYS` ago or more without any report,
 * an estimated report is stored, verified by the service (so it is disputable and collected like any
 * other), with the owner's plan locked. The increase is the average of the owner's last
 * `ESTIMATE_HISTORY_REPORTS` real reports before the month; without one, no estimate. The partial unique
 * index on (owner, period) of estimates keeps each to one, whatever the number of replicas running it.
 */
import { randomUUID } from 'node:crypto';
import {
  averageIncrease,
  computeShare,
  ESTIMATE_AFTER_DAYS,
  ESTIMATE_HISTORY_REPORTS,
  estimateNote,
  PAYMENT_DUE_DAYS,
} from '@platform/contracts';
import type { Clock } from '@platform/service-kit/clock';
import type { Executor } from '@platform/service-kit/db';
import { recordReportChange } from '../audit/record-audit.js';
import { revenueReports, type PaymentPlanRow, type RevenueReportRow } from '../db/schema.js';
import { addDays, daysOverlap, type CalendarMonth } from '../lib/calendar.js';
import { announceShareDue } from '../payments/announce-share-due.js';
import { listPlans, lockPlan } from '../plans/plans.repository.js';
import { listReportsOfUser } from '../reports/reports.repository.js';
import { monthsToReport } from '../standing/customer-standing.js';
import { refreshCustomerStatus } from '../standing/refresh-customer-status.js';
import { applyCredit } from './share-credits.js';
import type { RevenueJobDeps } from '../jobs.js';

/** When a month without a report gets its estimate. */
export function estimateDueAt(month: CalendarMonth): Date {
  return addDays(month.end, ESTIMATE_AFTER_DAYS);
}

const covers = (month: CalendarMonth) => (report: RevenueReportRow) =>
  daysOverlap(month, { firstDay: report.reportingPeriodStart, lastDay: report.reportingPeriodEnd });

/** The months owing an estimate now, oldest first: ended long enough ago, and no report of any kind. */
export function monthsToEstimate(
  plan: PaymentPlanRow,
  reports: RevenueReportRow[],
  now: Date,
): CalendarMonth[] {
  return monthsToReport(plan.implementationPeriodEndsAt, now, plan.leftAt).filter(
    (month) => estimateDueAt(month).getTime() <= now.getTime() && !reports.some(covers(month)),
  );
}

/**
 * The rule: the increases of the owner's last real reports before the month (at most three, newest
 * first), averaged; null without any.
 */
export function estimatedIncrease(
  reports: RevenueReportRow[],
  month: CalendarMonth,
): { increase: number; reportsAveraged: number } | null {
  const history = reports
    .filter((report) => !report.estimated && report.reportingPeriodEnd < month.firstDay)
    .sort((a, b) => b.reportingPeriodStart.localeCompare(a.reportingPeriodStart))
    .slice(0, ESTIMATE_HISTORY_REPORTS);
  const increase = averageIncrease(history.map((report) => report.revenueIncrease));
  return increase === null ? null : { increase, reportsAveraged: history.length };
}

async function estimateMonth(
  tx: Executor,
  plan: PaymentPlanRow,
  month: CalendarMonth,
  reports: RevenueReportRow[],
  clock: Clock,
): Promise<RevenueReportRow | null> {
  const rule = estimatedIncrease(reports, month);
  if (!rule) return null;
  const now = clock.now();
  const netRevenue = plan.baselineNetRevenue + rule.increase;
  const { revenueIncrease, shareOwed } = computeShare({
    netRevenue,
    baselineNetRevenue: plan.baselineNetRevenue,
  });
  const settled = shareOwed === 0;
  const [row] = await tx
    .insert(revenueReports)
    .values({
      id: randomUUID(),
      paymentPlanId: plan.id,
      userId: plan.userId,
      reportingPeriodStart: month.firstDay,
      reportingPeriodEnd: month.lastDay,
      grossRevenue: netRevenue,
      businessExpenses: 0,
      netRevenue,
      baselineNetRevenue: plan.baselineNetRevenue,
      revenueIncrease,
      shareOwed,
      sharePercentage: plan.revenueSharePercentage,
      notes: estimateNote(rule.reportsAveraged),
      verified: true,
      verifiedAt: now,
      ...(settled && { sharePaid: true, sharePaidAt: now }),
      estimated: true,
      dueDate: addDays(now, PAYMENT_DUE_DAYS),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  await recordReportChange(tx, { entity: 'estimate', action: 'created', at: now, before: null, after: row });
  await announceShareDue(tx, row, plan, { clock });
  return applyCredit(tx, plan, row, { clock });
}

export async function estimateMissingReports(deps: RevenueJobDeps): Promise<{ estimated: number }> {
  const now = deps.clock.now();
  let estimated = 0;
  for (const candidate of await listPlans(deps.db)) {
    const reports = await listReportsOfUser(deps.db, candidate.userId);
    if (monthsToEstimate(candidate, reports, now).length === 0) continue;
    // With the plan locked, the reports read are the reports that stand (a submission waits, or went first).
    estimated += await deps.db.transaction(async (tx) => {
      const plan = await lockPlan(tx, candidate.id);
      if (!plan) return 0;
      const current = await listReportsOfUser(tx, plan.userId);
      let made = 0;
      for (const month of monthsToEstimate(plan, current, now)) {
        const row = await estimateMonth(tx, plan, month, current, deps.clock);
        if (row) made += 1;
      }
      if (made > 0) await refreshCustomerStatus(tx, plan, { clock: deps.clock });
      return made;
    });
  }
  if (estimated > 0) deps.logger?.info({ estimated }, 'estimated reports made for missing months');
  return { estimated };
}

/** The admin's 'All Customers' (and 'Overdue') list: every owner on the plan with their figures now. */
import type { RevenueCustomer } from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import type { PaymentPlanRow, RevenueReportRow } from '../db/schema.js';
import { listPlans } from '../plans/plans.repository.js';
import { amountOwedOn } from '../plans/to-plan-view.js';
import { listAllReports } from '../reports/reports.repository.js';
import { dayOf } from '../lib/calendar.js';
import { computeStanding, firstReportMonth, reportPeriodFlag } from '../standing/customer-standing.js';

/** One owner's row: the plan and every report of theirs. */
export function toRevenueCustomer(
  plan: PaymentPlanRow,
  reports: RevenueReportRow[],
  now: Date,
): RevenueCustomer {
  const standing = computeStanding({
    implementationEndsAt: plan.implementationPeriodEndsAt,
    leftAt: plan.leftAt,
    reports,
    now,
  });
  const newest = reports.reduce<Date | null>(
    (latest, report) => (!latest || report.createdAt > latest ? report.createdAt : latest),
    null,
  );
  return {
    id: plan.userId,
    firstName: plan.firstName,
    lastName: plan.lastName,
    email: plan.email,
    planType: 'revenue_share',
    createdAt: plan.consentedAt.toISOString(),
    reportsSubmitted: reports.length,
    totalOwed: amountOwedOn(reports),
    totalPaid: reports.reduce((sum, report) => sum + report.amountPaid, 0),
    status: standing.status,
    lastReportDate: newest?.toISOString() ?? null,
    baselineNetRevenue: plan.baselineNetRevenue,
    implementationEndsAt: plan.implementationPeriodEndsAt.toISOString(),
    agreedAt: dayOf(plan.implementationPeriodStartedAt),
    leftAt: plan.leftAt?.toISOString() ?? null,
    leaveReason: plan.leaveReason,
    firstReportableMonth: firstReportMonth(plan.implementationPeriodEndsAt).firstDay,
    missingReports: standing.missingMonths.map((month) => month.key),
    flaggedReports: reports.filter((report) => reportPeriodFlag(report, plan.implementationPeriodEndsAt))
      .length,
  };
}

export async function listRevenueCustomers(db: Executor, now: Date): Promise<RevenueCustomer[]> {
  const [plans, reports] = await Promise.all([listPlans(db), listAllReports(db)]);
  const byUser = new Map<string, RevenueReportRow[]>();
  for (const report of reports) byUser.set(report.userId, [...(byUser.get(report.userId) ?? []), report]);
  return plans.map((plan) => toRevenueCustomer(plan, byUser.get(plan.userId) ?? [], now));
}

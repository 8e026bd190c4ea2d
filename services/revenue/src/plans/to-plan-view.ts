/** A plan row and its reports → the owner's view of the plan, with the standing computed now. */
import type { RevenuePlan } from '@platform/contracts';
import type { PaymentPlanRow, RevenueReportRow } from '../db/schema.js';
import {
  computeStanding,
  firstReportMonth,
  isUnpaid,
  reportLateAfter,
} from '../standing/customer-standing.js';

/** What every report not fully paid still owes (verified or not), in cents. */
export function amountOwedOn(reports: RevenueReportRow[]): number {
  return reports.filter(isUnpaid).reduce((sum, report) => sum + report.shareOwed - report.amountPaid, 0);
}

export function toRevenuePlan(plan: PaymentPlanRow, reports: RevenueReportRow[], now: Date): RevenuePlan {
  const standing = computeStanding({
    implementationEndsAt: plan.implementationPeriodEndsAt,
    leftAt: plan.leftAt,
    reports,
    now,
  });
  // No report is asked for after leaving (docs/decisions.md, 99).
  const expectsNext = !plan.leftAt;
  return {
    id: plan.id,
    planType: 'revenue_share',
    revenueSharePercentage: plan.revenueSharePercentage,
    baselineNetRevenue: plan.baselineNetRevenue,
    termsVersion: plan.termsVersion,
    consentedAt: plan.consentedAt.toISOString(),
    implementationEndsAt: plan.implementationPeriodEndsAt.toISOString(),
    firstReportableMonth: firstReportMonth(plan.implementationPeriodEndsAt).firstDay,
    status: standing.status,
    amountOwed: amountOwedOn(reports),
    nextReport: expectsNext
      ? {
          periodStart: standing.nextReport.firstDay,
          periodEnd: standing.nextReport.lastDay,
          lateAfter: reportLateAfter(standing.nextReport).toISOString(),
        }
      : null,
    leftAt: plan.leftAt?.toISOString() ?? null,
  };
}

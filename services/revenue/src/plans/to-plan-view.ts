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
  const standing = computeStanding({ implementationEndsAt: plan.implementationPeriodEndsAt, reports, now });
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
    nextReport: plan.revenueShareActive
      ? {
          periodStart: standing.nextReport.firstDay,
          periodEnd: standing.nextReport.lastDay,
          lateAfter: reportLateAfter(standing.nextReport).toISOString(),
        }
      : null,
  };
}

/**
 * `POST /api/revenue-report`: an owner on the plan reports a period. The share is computed here from the
 * net revenue and the owner's baseline (docs/decisions.md, 20 and 25); whatever share the browser sent was
 * dropped by the contract. With the plan row locked, a period that has not ended, that starts before the
 * owner's first month to report (nothing is owed for the 30-day implementation period nor before it;
 * docs/decisions.md, 66) or that shares a day with an earlier report is refused, so one report stands per
 * owner and period. Due 30 days after
 * submission. A report can make the owner current again (a missing month now reported), so the standing
 * is refreshed in the same transaction.
 */
import { randomUUID } from 'node:crypto';
import {
  beforeFirstMonthMessage,
  computeShare,
  monthName,
  overlappingPeriodMessage,
  PAYMENT_DUE_DAYS,
  REVENUE_LEAVE_MESSAGES,
  reportSubmittedText,
  REVENUE_REPORT_MESSAGES,
  type RevenueReportRequestParsed,
  type SubmitRevenueReportResponse,
} from '@platform/contracts';
import { formatMoney } from '@platform/contracts/format';
import { AppError } from '@platform/service-kit/errors';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { RevenueConfig } from '../config.js';
import { addDays, dayOf } from '../lib/calendar.js';
import { announceShareDue } from '../payments/announce-share-due.js';
import { lockPlanOfUser } from '../plans/plans.repository.js';
import { firstReportMonth } from '../standing/customer-standing.js';
import { refreshCustomerStatus } from '../standing/refresh-customer-status.js';
import { findOverlappingReports, insertReport } from './reports.repository.js';
import { toRevenueReport } from './to-report-views.js';
import { recordReportChange } from '../audit/record-audit.js';
import { settleEstimates } from '../estimates/close-estimates.js';

function refuse(message: string, path: string): never {
  throw new AppError('invalid', message, [{ path, message }]);
}

export async function submitReport(
  deps: ServiceDeps<RevenueConfig>,
  options: { userId: string; request: RevenueReportRequestParsed; requestId?: string },
): Promise<SubmitRevenueReportResponse> {
  const { userId, request } = options;
  const now = deps.clock.now();
  const report = await deps.db.transaction(async (tx) => {
    const plan = await lockPlanOfUser(tx, userId);
    if (!plan) throw new AppError('forbidden', REVENUE_REPORT_MESSAGES.notOnPlan);
    // No report is taken once the owner left (docs/decisions.md, 99).
    if (plan.leftAt) throw new AppError('conflict', REVENUE_LEAVE_MESSAGES.noReportsAfterLeaving);
    // A period is reported once its last day is over (UTC, the programme's calendar).
    if (request.reportingPeriodEnd >= dayOf(now)) {
      refuse(REVENUE_REPORT_MESSAGES.endInFuture, 'reportingPeriodEnd');
    }
    const first = firstReportMonth(plan.implementationPeriodEndsAt);
    if (request.reportingPeriodStart < first.firstDay) {
      refuse(beforeFirstMonthMessage(monthName(first.firstDay)), 'reportingPeriodStart');
    }
    const covering = await findOverlappingReports(tx, userId, {
      firstDay: request.reportingPeriodStart,
      lastDay: request.reportingPeriodEnd,
    });
    // An estimate does not stand in the way: the real report closes it (docs/decisions.md, 104).
    const overlapping = covering.find((report) => !report.estimated);
    if (overlapping) {
      refuse(
        overlappingPeriodMessage({
          periodStart: overlapping.reportingPeriodStart,
          periodEnd: overlapping.reportingPeriodEnd,
        }),
        'reportingPeriodStart',
      );
    }
    const { revenueIncrease, shareOwed } = computeShare({
      netRevenue: request.netRevenue,
      baselineNetRevenue: plan.baselineNetRevenue,
    });
    const inserted = await insertReport(tx, {
      id: randomUUID(),
      paymentPlanId: plan.id,
      userId,
      reportingPeriodStart: request.reportingPeriodStart,
      reportingPeriodEnd: request.reportingPeriodEnd,
      grossRevenue: request.grossRevenue,
      businessExpenses: request.businessExpenses,
      netRevenue: request.netRevenue,
      baselineNetRevenue: plan.baselineNetRevenue,
      revenueIncrease,
      shareOwed,
      sharePercentage: plan.revenueSharePercentage,
      notes: request.notes ?? null,
      dueDate: addDays(now, PAYMENT_DUE_DAYS),
      createdAt: now,
      updatedAt: now,
    });
    await recordReportChange(tx, {
      entity: 'report',
      action: 'submitted',
      actor: userId,
      at: now,
      before: null,
      after: inserted,
    });
    const announce = { clock: deps.clock, requestId: options.requestId };
    await announceShareDue(tx, inserted, plan, announce);
    const row = await settleEstimates(tx, plan, inserted, covering, { ...announce, actor: userId });
    await refreshCustomerStatus(tx, plan, announce);
    return row;
  });
  deps.logger.info(
    { userId, reportId: report.id, shareOwed: report.shareOwed, period: report.reportingPeriodStart },
    'revenue report submitted',
  );
  return {
    success: true,
    message: reportSubmittedText(formatMoney(report.shareOwed)),
    report: toRevenueReport(report, now, [], null),
  };
}

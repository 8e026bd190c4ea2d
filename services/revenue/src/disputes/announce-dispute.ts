/** Enqueues `revenue.report.dispute-changed` in the caller's transaction (notification e-mails both sides). */
import type { Clock } from '@platform/service-kit/clock';
import type { Executor } from '@platform/service-kit/db';
import { enqueueEvent } from '@platform/service-kit/events';
import { REQUEST_ID_HEADER } from '@platform/service-kit/identity';
import {
  outboxEvents,
  type PaymentPlanRow,
  type ReportDisputeRow,
  type RevenueReportRow,
} from '../db/schema.js';

export async function announceDispute(
  tx: Executor,
  change: { dispute: ReportDisputeRow; report: RevenueReportRow; plan: PaymentPlanRow; at: Date },
  options: { clock: Clock; requestId?: string },
): Promise<void> {
  const { dispute, report, plan } = change;
  await enqueueEvent(
    tx,
    outboxEvents,
    {
      type: 'revenue.report.dispute-changed',
      data: {
        disputeId: dispute.id,
        reportId: report.id,
        userId: report.userId,
        email: plan.email,
        firstName: plan.firstName,
        status: dispute.status,
        reason: dispute.reason,
        resolution: dispute.resolution,
        periodStart: report.reportingPeriodStart,
        periodEnd: report.reportingPeriodEnd,
        shareOwed: report.shareOwed,
        previousShareOwed: dispute.previousShareOwed,
        changedAt: change.at.toISOString(),
      },
      headers: options.requestId ? { [REQUEST_ID_HEADER]: options.requestId } : undefined,
    },
    { clock: options.clock },
  );
}

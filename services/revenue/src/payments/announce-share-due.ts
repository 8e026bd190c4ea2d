/**
 * `revenue.share.due-changed`: what a report still owes and whether it is verified, announced in the
 * transaction of every change (submission, verification, each payment offline or online, a refund that
 * re-opens it). The payment service keeps the newest announcement per report (the highest `sequence`) and
 * prices a share's checkout from it, never from the browser (docs/decisions.md, 28).
 */
import type { Clock } from '@platform/service-kit/clock';
import type { Executor } from '@platform/service-kit/db';
import { enqueueEvent } from '@platform/service-kit/events';
import { REQUEST_ID_HEADER } from '@platform/service-kit/identity';
import { eq, sql } from 'drizzle-orm';
import { outboxEvents, revenueReports, type PaymentPlanRow, type RevenueReportRow } from '../db/schema.js';

export interface AnnounceOptions {
  clock: Clock;
  requestId?: string;
}

/** `report` is the report as it stands after the change, locked (or just inserted) by `tx`. */
export async function announceShareDue(
  tx: Executor,
  report: RevenueReportRow,
  plan: Pick<PaymentPlanRow, 'firstName' | 'lastName'>,
  options: AnnounceOptions,
): Promise<number> {
  const [row] = await tx
    .update(revenueReports)
    .set({ dueSequence: sql`${revenueReports.dueSequence} + 1` })
    .where(eq(revenueReports.id, report.id))
    .returning({ sequence: revenueReports.dueSequence });
  if (!row) throw new Error(`report ${report.id} vanished while its amount due was announced`);
  await enqueueEvent(
    tx,
    outboxEvents,
    {
      type: 'revenue.share.due-changed',
      data: {
        reportId: report.id,
        userId: report.userId,
        periodStart: report.reportingPeriodStart,
        periodEnd: report.reportingPeriodEnd,
        amountDue: amountDueOf(report),
        verified: report.verified,
        firstName: plan.firstName,
        lastName: plan.lastName,
        sequence: row.sequence,
        changedAt: options.clock.now().toISOString(),
      },
      headers: options.requestId ? { [REQUEST_ID_HEADER]: options.requestId } : undefined,
    },
    { clock: options.clock },
  );
  return row.sequence;
}

/** Cents the report still owes: its share less every payment recorded. */
export function amountDueOf(report: Pick<RevenueReportRow, 'shareOwed' | 'amountPaid'>): number {
  return Math.max(0, report.shareOwed - report.amountPaid);
}

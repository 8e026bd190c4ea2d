/**
 * `payment.order.paid` for an order that pays a revenue share (docs/decisions.md, 28): the payment is
 * recorded on its report exactly once (`share_payments.order_id` is unique), the report is paid once the
 * payments reach its share, the new amount due is announced and the owner's standing refreshed, all in the
 * transaction that records the event in the inbox.
 *
 * The revenue service has the last word: an order it cannot record (the report is not the payer's, is not
 * verified, or no longer owes what the order paid, because another payment got there first) is refused
 * with `revenue.share-payment.refused`, and the payment service refunds it. A refund that overtook its
 * payment leaves nothing to record. Either way the report's amount due is announced again, unchanged: the
 * payment service took the order's total off its copy when it fulfilled the order, and takes this figure
 * back (docs/behaviour/revenue-share.md#paying-a-share-online).
 */
import { randomUUID } from 'node:crypto';
import type { PaymentOrderPaid } from '@platform/contracts';
import type { Clock } from '@platform/service-kit/clock';
import type { Executor } from '@platform/service-kit/db';
import { enqueueEvent } from '@platform/service-kit/events';
import { REQUEST_ID_HEADER } from '@platform/service-kit/identity';
import type { Logger } from '@platform/service-kit/logger';
import { and, eq } from 'drizzle-orm';
import { outboxEvents, shareCollections, type PaymentPlanRow, type RevenueReportRow } from '../db/schema.js';
import { lockPlan } from '../plans/plans.repository.js';
import { findReport, insertSharePayment, lockReport } from '../reports/reports.repository.js';
import { amountDueOf, announceShareDue } from './announce-share-due.js';
import { findPaymentOfOrder, isOrderRefunded } from './share-payments.repository.js';
import { updateReportAndAnnounce } from '../reports/announce-report-change.js';

export type OnlinePaymentOutcome =
  'recorded' | 'already-recorded' | 'refunded-before-paid' | 'refused' | 'not-a-share';

export interface RecordOnlinePaymentOptions {
  clock: Clock;
  logger: Logger;
  requestId?: string;
}

type RefusalReason = 'nothing-due' | 'more-than-due' | 'not-verified' | 'not-owner';

export async function recordOnlineSharePayment(
  tx: Executor,
  order: PaymentOrderPaid,
  options: RecordOnlinePaymentOptions,
): Promise<OnlinePaymentOutcome> {
  const reportId = order.revenueReportId;
  if (!reportId) return 'not-a-share';
  if (await findPaymentOfOrder(tx, order.orderId)) return 'already-recorded';
  // The plan first, then the report: the order every writer of a report takes them in.
  const found = await findReport(tx, reportId);
  const plan = found ? await lockPlan(tx, found.paymentPlanId) : null;
  const report = plan ? await lockReport(tx, reportId) : null;
  const announceUnchanged = async (held: { report: RevenueReportRow; plan: PaymentPlanRow } | null) => {
    if (held) await announceShareDue(tx, held.report, held.plan, options);
  };
  const held = plan && report ? { plan, report } : null;

  if (await isOrderRefunded(tx, order.orderId)) {
    options.logger.info({ orderId: order.orderId, reportId }, 'share order refunded before its payment');
    await announceUnchanged(held);
    return 'refunded-before-paid';
  }

  const refuse = async (reason: RefusalReason, userId: string): Promise<OnlinePaymentOutcome> => {
    await announceUnchanged(held);
    await enqueueEvent(
      tx,
      outboxEvents,
      {
        type: 'revenue.share-payment.refused',
        data: {
          orderId: order.orderId,
          reportId,
          userId,
          amount: order.total,
          reason,
          refusedAt: options.clock.now().toISOString(),
        },
        headers: options.requestId ? { [REQUEST_ID_HEADER]: options.requestId } : undefined,
      },
      { clock: options.clock },
    );
    options.logger.warn(
      { orderId: order.orderId, reportId, reason, amount: order.total },
      'online share payment refused; the payment service refunds it',
    );
    return 'refused';
  };

  // The payment service makes share orders for signed-in owners only, so a payer is always named.
  const payer = order.placedByUserId ?? '';
  if (!plan || !report || report.userId !== payer) {
    return refuse('not-owner', report?.userId || payer || 'unknown');
  }
  if (!report.verified) return refuse('not-verified', report.userId);
  const due = report.sharePaid ? 0 : amountDueOf(report);
  if (due === 0) return refuse('nothing-due', report.userId);
  if (order.total > due) return refuse('more-than-due', report.userId);

  const paidAt = new Date(order.paidAt);
  await insertSharePayment(tx, {
    id: randomUUID(),
    reportId: report.id,
    userId: report.userId,
    amount: order.total,
    method: 'online',
    orderId: order.orderId,
    paidAt,
  });
  // A card-on-file collection's charge answers its attempt: the schedule goes on with any rest.
  if (order.collectionId) {
    await tx
      .update(shareCollections)
      .set({ paidAt })
      .where(and(eq(shareCollections.id, order.collectionId), eq(shareCollections.reportId, report.id)));
  }
  const amountPaid = report.amountPaid + order.total;
  const paid = amountPaid === report.shareOwed;
  await updateReportAndAnnounce(
    tx,
    { report, plan },
    { amountPaid, ...(paid && { sharePaid: true, sharePaidAt: paidAt }), updatedAt: options.clock.now() },
    {
      entity: 'payment',
      action: 'recorded-online',
      at: options.clock.now(),
      reason: `order ${order.orderId}`,
    },
    options,
  );
  options.logger.info(
    { orderId: order.orderId, reportId, amount: order.total, paid },
    'online share payment recorded',
  );
  return 'recorded';
}

/**
 * `payment.order.refunded` for an order that paid a revenue share: its payment is removed, so the report
 * is owed again (verified, or overdue past its due date); the new amount due is announced and the owner's
 * standing refreshed, in the transaction that records the event in the inbox. A payment on an estimate
 * already closed had become credit: the refund takes the credit back, and what the credit paid since. A refund that overtakes its
 * payment is remembered (`paid_orders.refunded_at`), so the late payment records nothing; the plan is locked
 * before the payment is looked for, so a payment being recorded at that moment is waited for, not missed.
 */
import type { PaymentOrderRefunded } from '@platform/contracts';
import type { Clock } from '@platform/service-kit/clock';
import type { Executor } from '@platform/service-kit/db';
import type { Logger } from '@platform/service-kit/logger';
import { recordRefundedOrder } from '../memberships/membership-projection.js';
import { lockPlan } from '../plans/plans.repository.js';
import { findReport, lockReport } from '../reports/reports.repository.js';
import { deletePaymentOfOrder, findPaymentOfOrder } from './share-payments.repository.js';
import { updateReportAndAnnounce } from '../reports/announce-report-change.js';
import { moveCredit, reclaimSpentCredit } from '../estimates/share-credits.js';

export type ReverseOutcome = 'reversed' | 'no-payment' | 'not-a-share';

export async function reverseOnlineSharePayment(
  tx: Executor,
  refund: PaymentOrderRefunded,
  options: { clock: Clock; logger: Logger; requestId?: string },
): Promise<ReverseOutcome> {
  if (!refund.revenueReportId) return 'not-a-share';
  // The plan first, as the payment's recording takes it before it looks for a refund: the payment and its
  // refund handled at once on two replicas each see the other's outcome, whichever commits first.
  const named = await findReport(tx, refund.revenueReportId);
  if (named) await lockPlan(tx, named.paymentPlanId);
  const payment = await findPaymentOfOrder(tx, refund.orderId);
  if (!payment) {
    // Refused before, or the refund overtook the payment: remember it, so a late payment records nothing.
    await recordRefundedOrder(tx, refund);
    options.logger.info({ orderId: refund.orderId }, 'refunded share order had no payment recorded');
    return 'no-payment';
  }
  // The plan first, then the report, as every writer of a report takes them.
  const found = await findReport(tx, payment.reportId);
  const plan = found ? await lockPlan(tx, found.paymentPlanId) : null;
  const report = plan ? await lockReport(tx, payment.reportId) : null;
  if (!plan || !report) throw new Error(`the report of share payment ${payment.id} is missing`);
  await deletePaymentOfOrder(tx, refund.orderId);
  if (report.estimateClosedAt) {
    // The estimate's payments became the owner's credit when it closed: the refund takes it back, and
    // the shares that credit paid already are owed again.
    await moveCredit(tx, {
      plan,
      kind: 'refunded',
      amount: -payment.amount,
      reportId: report.id,
      at: options.clock.now(),
    });
    await reclaimSpentCredit(tx, plan, { ...options, reason: `order ${refund.orderId}` });
    return 'reversed';
  }
  const amountPaid = report.amountPaid - payment.amount;
  await updateReportAndAnnounce(
    tx,
    { report, plan },
    { amountPaid, sharePaid: false, sharePaidAt: null, updatedAt: options.clock.now() },
    { entity: 'payment', action: 'refunded', at: options.clock.now(), reason: `order ${refund.orderId}` },
    options,
  );
  options.logger.info(
    { orderId: refund.orderId, reportId: payment.reportId, amount: payment.amount },
    'online share payment refunded; the report is owed again',
  );
  return 'reversed';
}

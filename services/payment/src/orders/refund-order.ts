/**
 * The 30-day money-back guarantee: an admin refunds a paid order through the provider that took it,
 * up to REFUND_WINDOW_DAYS after payment. The provider's refund is idempotent per order; the state change
 * to `refunded` is conditional, so of two concurrent refunds one records it and emits
 * `payment.order.refunded` (in the same transaction), and the other is told it was already refunded.
 * The automatic refund of an unneeded payment (orders/automatic-refunds.ts) goes through the same
 * `refundThroughProvider`, without the window; a refund the provider reports (one made in its dashboard:
 * orders/record-provider-refund.ts) is recorded through `markOrderRefunded`. A payment plan's later
 * payments are refunded first, each recorded once refunded; a refund that fails after them leaves the
 * order paid, and trying again refunds only what is left.
 */
import { REFUND_MESSAGES, REFUND_WINDOW_DAYS } from '@platform/contracts';
import { DAY } from '@platform/service-kit/clock';
import type { Executor } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import { enqueueEvent } from '@platform/service-kit/events';
import { REQUEST_ID_HEADER } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { PaymentConfig } from '../config.js';
import { eq } from 'drizzle-orm';
import { couponRedemptions, outboxEvents } from '../db/schema.js';
import { askProvider } from '../checkout/ask-provider.js';
import { providerNamed, type PaymentDeps } from '../runtime.js';
import { courseIdsOf, findOrder, updateOrder, type OrderWithLines } from './orders.repository.js';
import { releaseOwnedProducts } from './owned-products.js';
import { recordFirstInstalmentRefunded, refundPlanInstalments } from '../payment-plans/payment-plans.js';
import { latestPaymentOf } from './subscription-events.js';
import { answerRefundedCollection, collectionVaultOf } from '../saved-cards/unneeded-collections.js';

export const REFUND_ERRORS = {
  providerGone: 'The payment provider of this order is not configured.',
  noPayment: 'The provider has no payment recorded for this order.',
} as const;

export interface RefundOrderOptions {
  orderId: string;
  reason?: string;
  requestId?: string;
}

export async function refundOrder(
  deps: PaymentDeps,
  { orderId, reason, requestId }: RefundOrderOptions,
): Promise<OrderWithLines> {
  const order = await findOrder(deps.db, orderId);
  if (!order) throw new AppError('not_found', REFUND_MESSAGES.notFound);
  if (order.status === 'refunded') throw new AppError('conflict', REFUND_MESSAGES.alreadyRefunded);
  if ((order.status !== 'fulfilled' && order.status !== 'paid') || !order.paidAt) {
    throw new AppError('conflict', REFUND_MESSAGES.notPaid);
  }
  // A subscription order's guarantee runs from its latest payment (the one refunded).
  const subscriptionId = order.providerSubscriptionId;
  const lastPaidAt = subscriptionId
    ? ((await latestPaymentOf(deps.db, order)) ?? order.paidAt)
    : order.paidAt;
  if (deps.clock.now().getTime() - lastPaidAt.getTime() > REFUND_WINDOW_DAYS * DAY) {
    throw new AppError('conflict', REFUND_MESSAGES.windowPassed);
  }
  return refundThroughProvider(deps, order, { reason, requestId });
}

/**
 * Refunds a paid (or fulfilled) order in full through the provider that took it, then records it and emits
 * `payment.order.refunded` once. The caller has decided the refund is due.
 */
export async function refundThroughProvider(
  deps: PaymentDeps,
  order: OrderWithLines,
  { reason, requestId, automatic }: { reason?: string; requestId?: string; automatic?: boolean },
): Promise<OrderWithLines> {
  const subscriptionId = order.providerSubscriptionId;
  const provider = providerNamed(deps.runtime, order.provider);
  if (!provider) throw new AppError('unavailable', REFUND_ERRORS.providerGone);

  if (subscriptionId && provider.subscriptions) {
    const subscriptions = provider.subscriptions;
    const { refundId, amount } = await askProvider(deps.logger, 'refundAndCancel', () =>
      subscriptions.refundAndCancel({ orderId: order.id, subscriptionId }),
    );
    return recordRefund(deps, order, {
      refundId,
      amount,
      providerPaymentId: order.providerPaymentId,
      reason,
      requestId,
      automatic,
    });
  }

  let paymentId = order.providerPaymentId;
  if (!paymentId && order.providerSessionId) {
    const sessionId = order.providerSessionId;
    paymentId = (
      await askProvider(deps.logger, 'getPaymentStatus', () => provider.getPaymentStatus(sessionId))
    ).providerPaymentId;
  }
  if (!paymentId) throw new AppError('conflict', REFUND_ERRORS.noPayment);
  const providerPaymentId = paymentId;
  // A payment plan's later instalments are refunded too: the buyer gets back what they paid.
  const instalments = await refundPlanInstalments(deps, order);
  // A share collection's charge was made by the card vault, which refunds it.
  const vault = await collectionVaultOf(deps, order);
  const { refundId } = await askProvider(deps.logger, 'refund', () =>
    vault
      ? vault.refund(providerPaymentId)
      : provider.refund({ orderId: order.id, providerPaymentId, amount: order.total }),
  );
  return recordRefund(deps, order, {
    refundId,
    amount: order.total + instalments,
    providerPaymentId,
    reason,
    requestId,
    automatic,
  });
}

export interface RefundRecord {
  /** The provider's refund id, when it gave one. */
  refundId: string | null;
  /** Cents returned, as `payment.order.refunded` says. */
  amount: number;
  providerPaymentId: string | null;
  reason?: string;
  requestId?: string;
  automatic?: boolean;
}

/** The order becomes refunded and `payment.order.refunded` goes out, once (conditional update). */
async function recordRefund(
  deps: ServiceDeps<PaymentConfig>,
  order: OrderWithLines,
  record: RefundRecord,
): Promise<OrderWithLines> {
  const refunded = await deps.db.transaction((tx) => markOrderRefunded(deps, tx, order, record));
  if (!refunded) throw new AppError('conflict', REFUND_MESSAGES.alreadyRefunded);
  const { refundId, amount, automatic } = record;
  deps.logger.info(
    { orderId: order.id, refundId, provider: order.provider, amount, automatic: automatic ?? false },
    'order refunded',
  );
  return refunded;
}

/**
 * `recordRefund` in the caller's transaction (a provider's refund webhook records its event in the same
 * one): null when the order is no longer paid or fulfilled, i.e. refunded already.
 */
export async function markOrderRefunded(
  deps: ServiceDeps<PaymentConfig>,
  tx: Executor,
  order: OrderWithLines,
  { refundId, amount, providerPaymentId, reason, requestId, automatic }: RefundRecord,
): Promise<OrderWithLines | null> {
  const now = deps.clock.now();
  const row = await updateOrder(
    tx,
    order.id,
    {
      status: 'refunded',
      refundedAt: now,
      refundId,
      refundReason: reason ?? null,
      providerPaymentId,
      updatedAt: now,
    },
    ['paid', 'fulfilled'],
  );
  if (!row) return null;
  // Refunded, it owns nothing: the account may buy it again.
  await releaseOwnedProducts(tx, order.id);
  // Refunded, it used no coupon: the use is given back.
  await tx.delete(couponRedemptions).where(eq(couponRedemptions.orderId, order.id));
  // A plan's later payments were refunded (and recorded) before; its first is the order's own.
  await recordFirstInstalmentRefunded(tx, order.id, now);
  // A share collection's charge refunded answers its attempt: the revenue service goes on with the share.
  await answerRefundedCollection(tx, deps, order.id, { at: now, automatic: automatic ?? false });
  await enqueueEvent(
    tx,
    outboxEvents,
    {
      type: 'payment.order.refunded',
      data: {
        orderId: order.id,
        email: order.customerEmail,
        firstName: order.customerFirstName,
        amount,
        currency: order.currency,
        courseIds: courseIdsOf(order.lines),
        refundedAt: now.toISOString(),
        ...(order.revenueReportId ? { revenueReportId: order.revenueReportId } : {}),
        ...(automatic ? { automatic: true } : {}),
        // Refunded by itself for a purchase its account already owned: nothing it granted ends.
        ...(automatic && !order.revenueReportId ? { alreadyOwned: true } : {}),
      },
      headers: requestId ? { [REQUEST_ID_HEADER]: requestId } : undefined,
    },
    { clock: deps.clock },
  );
  return { ...order, ...row };
}

/**
 * What a provider says about a subscription after its first payment (Stripe subscriptions only):
 *
 * - a later cycle paid (`invoice.paid`): recorded in `subscription_renewals`, keyed by invoice id, so a
 *   replayed or re-sent invoice is recorded once. It extends nothing: membership stands until the
 *   subscription ends. One that comes before its checkout's webhook is recorded on the order the invoice
 *   names, still pending here.
 * - the subscription ended (`customer.subscription.deleted`: cancelled, or unpaid at the end): the order
 *   is marked (`subscription_ended_at`, conditional, with the order row locked) and
 *   `payment.subscription.ended` is enqueued once, in the caller's transaction. Auth revokes what the
 *   order granted. A refunded order ended its membership already: it is marked, and nothing is emitted.
 *   An order still pending (its checkout's webhook comes later) is marked, and its fulfilment emits the
 *   end right after `payment.order.paid`, so what the late payment grants ends too.
 */
import type { Executor } from '@platform/service-kit/db';
import { enqueueEvent } from '@platform/service-kit/events';
import { REQUEST_ID_HEADER } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { PaymentProviderName } from '@platform/contracts';
import type { PaymentConfig } from '../config.js';
import { orders, outboxEvents, subscriptionRenewals } from '../db/schema.js';
import type { SubscriptionEnd, SubscriptionRenewal } from '../providers/payment-provider.js';
import {
  courseIdsOf,
  lockOrder,
  lockOrderByProviderId,
  lockOrderOfProviderEvent,
  type OrderWithLines,
} from './orders.repository.js';
import { releaseOwnedProducts } from './owned-products.js';

export type RenewalOutcome = 'renewal-recorded' | 'duplicate' | 'unknown-order';
export type SubscriptionEndOutcome = 'subscription-ended' | 'already-ended' | 'unknown-order';

export async function recordRenewal(
  deps: ServiceDeps<PaymentConfig>,
  tx: Executor,
  options: { provider: PaymentProviderName; renewal: SubscriptionRenewal; eventId: string },
): Promise<RenewalOutcome> {
  const { renewal } = options;
  // By the subscription, else by the order the invoice names (its checkout's webhook not here yet).
  const order = await lockOrderOfProviderEvent(tx, options.provider, {
    column: 'providerSubscriptionId',
    id: renewal.subscriptionId,
    orderId: renewal.orderId,
  });
  if (!order) return 'unknown-order';
  if (order.providerSubscriptionId === null) {
    await tx
      .update(orders)
      .set({ providerSubscriptionId: renewal.subscriptionId, updatedAt: deps.clock.now() })
      .where(eq(orders.id, order.id));
  }
  const inserted = await tx
    .insert(subscriptionRenewals)
    .values({
      invoiceId: renewal.invoiceId,
      orderId: order.id,
      subscriptionId: renewal.subscriptionId,
      amount: renewal.amount,
      currency: renewal.currency,
      periodStart: renewal.periodStart,
      periodEnd: renewal.periodEnd,
      paidAt: renewal.paidAt,
      eventId: options.eventId,
      receivedAt: deps.clock.now(),
    })
    .onConflictDoNothing()
    .returning({ invoiceId: subscriptionRenewals.invoiceId });
  if (inserted.length === 0) return 'duplicate';
  deps.logger.info(
    { orderId: order.id, invoiceId: renewal.invoiceId, amount: renewal.amount },
    'subscription renewal recorded',
  );
  return 'renewal-recorded';
}

/**
 * The subscription order an invoice paid, locked, with when it was paid: the first invoice is the order's
 * own payment (`provider_payment_id`), a later one a recorded renewal.
 */
export async function lockOrderOfInvoice(
  tx: Executor,
  provider: PaymentProviderName,
  invoiceId: string,
): Promise<{ order: OrderWithLines; paidAt: Date } | null> {
  const first = await lockOrderByProviderId(tx, provider, 'providerPaymentId', invoiceId);
  if (first?.providerSubscriptionId) return { order: first, paidAt: first.paidAt ?? first.createdAt };
  const [renewal] = await tx
    .select({ orderId: subscriptionRenewals.orderId, paidAt: subscriptionRenewals.paidAt })
    .from(subscriptionRenewals)
    .where(eq(subscriptionRenewals.invoiceId, invoiceId))
    .limit(1);
  const order = renewal ? await lockOrder(tx, renewal.orderId) : null;
  return order && order.provider === provider ? { order, paidAt: renewal!.paidAt } : null;
}

export async function endSubscription(
  deps: ServiceDeps<PaymentConfig>,
  tx: Executor,
  options: { provider: PaymentProviderName; end: SubscriptionEnd; requestId?: string },
): Promise<{ outcome: SubscriptionEndOutcome; order: OrderWithLines | null }> {
  const { end } = options;
  const order = await lockOrderOfProviderEvent(tx, options.provider, {
    column: 'providerSubscriptionId',
    id: end.subscriptionId,
    orderId: end.orderId,
  });
  if (!order) return { outcome: 'unknown-order', order: null };
  const [marked] = await tx
    .update(orders)
    .set({
      subscriptionEndedAt: end.endedAt,
      providerSubscriptionId: order.providerSubscriptionId ?? end.subscriptionId,
      updatedAt: deps.clock.now(),
    })
    .where(and(eq(orders.id, order.id), isNull(orders.subscriptionEndedAt)))
    .returning({ id: orders.id });
  if (!marked) return { outcome: 'already-ended', order };
  // The plan may be started again.
  await releaseOwnedProducts(tx, order.id);

  // Only a fulfilled order granted anything; a refunded one was revoked when it was refunded, and a
  // pending one ends what it grants when it is fulfilled (orders/fulfil-order.ts).
  if (order.status === 'fulfilled') await enqueueSubscriptionEnded(deps, tx, order, end, options.requestId);
  deps.logger.info(
    { orderId: order.id, subscriptionId: end.subscriptionId, reason: end.reason, status: order.status },
    'subscription ended',
  );
  return { outcome: 'subscription-ended', order };
}

/** `payment.subscription.ended` for the order, in the caller's transaction. */
export async function enqueueSubscriptionEnded(
  deps: ServiceDeps<PaymentConfig>,
  tx: Executor,
  order: OrderWithLines,
  end: Pick<SubscriptionEnd, 'subscriptionId' | 'reason' | 'endedAt'>,
  requestId?: string,
): Promise<void> {
  await enqueueEvent(
    tx,
    outboxEvents,
    {
      type: 'payment.subscription.ended',
      data: {
        orderId: order.id,
        email: order.customerEmail,
        courseIds: courseIdsOf(order.lines),
        subscriptionId: end.subscriptionId,
        reason: end.reason,
        endedAt: end.endedAt.toISOString(),
      },
      headers: requestId ? { [REQUEST_ID_HEADER]: requestId } : undefined,
    },
    { clock: deps.clock },
  );
}

/** When the latest payment of a subscription order was made: its newest renewal, else the order's. */
export async function latestPaymentOf(db: Executor, order: OrderWithLines): Promise<Date | null> {
  const [renewal] = await db
    .select({ paidAt: subscriptionRenewals.paidAt })
    .from(subscriptionRenewals)
    .where(eq(subscriptionRenewals.orderId, order.id))
    .orderBy(desc(subscriptionRenewals.paidAt))
    .limit(1);
  return renewal?.paidAt ?? order.paidAt;
}

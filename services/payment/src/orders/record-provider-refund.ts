/**
 * A refund the provider reports (Stripe `charge.refunded`, PayPal `PAYMENT.CAPTURE.REFUNDED`): the site's
 * own, reported afterwards, or one the admin made in the provider's dashboard
 * (docs/behaviour/checkout-and-payments.md#fulfilment-and-refunds). In the webhook's transaction, with the
 * order row locked:
 *
 * - the payment refunded in full: the order is refunded through the site's own path (`markOrderRefunded`:
 *   `refunded`, what it owned and its coupon use given back, `payment.order.refunded` once), however long
 *   after the payment: the money is back with the buyer already. An order refunded before (the site's own
 *   refund, or another event about the same one) changes nothing.
 * - in part, or a payment plan's first payment (the plan would go on charging the card on file): nothing
 *   is revoked; `problem` tells the admin.
 * - a subscription's payment, first or later cycle (found by the invoice it paid, `withSubscriptionInvoice`):
 *   nothing is revoked and the subscription goes on; `problem` tells the admin. The site's own refund of a
 *   subscription cancels it too, and is reported back as already refunded.
 * - an order not paid here yet (its checkout's webhook comes later): 503 and nothing recorded, so the
 *   provider delivers the event again, by when the order is fulfilled.
 */
import type { PaymentProviderName } from '@platform/contracts';
import { EMAIL_DATE, formatDate, formatMoney } from '@platform/contracts/format';
import type { Executor } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import { askProvider } from '../checkout/ask-provider.js';
import type { PaymentConfig } from '../config.js';
import { isPlanOrder } from '../payment-plans/plan-checkout.js';
import type { PaymentProvider, ProviderRefund } from '../providers/payment-provider.js';
import { findAutomaticRefund } from './automatic-refunds.js';
import {
  findOrderIdByProviderId,
  lockOrderOfProviderEvent,
  updateOrder,
  type OrderWithLines,
} from './orders.repository.js';
import { markOrderRefunded } from './refund-order.js';
import { lockOrderOfInvoice } from './subscription-events.js';

export type ProviderRefundOutcome =
  'refunded' | 'already-refunded' | 'partial-refund' | 'subscription-refund' | 'unknown-order';

export const PROVIDER_REFUND_ERRORS = {
  notPaidYet: 'The order of this refund is not paid here yet; deliver the event again later.',
} as const;

const PROVIDER_NAMES: Record<PaymentProviderName, string> = {
  stripe: 'Stripe',
  paypal: 'PayPal',
  test: 'The test provider',
};

/**
 * Before the webhook's transaction: a refunded payment that no order names and that carries no order id
 * may be a subscription's, known here by the invoice it paid, so the provider is asked which one.
 */
export async function withSubscriptionInvoice(
  deps: ServiceDeps<PaymentConfig>,
  provider: PaymentProvider,
  refund: ProviderRefund,
): Promise<ProviderRefund> {
  const subscriptions = provider.subscriptions;
  if (!subscriptions || refund.orderId) return refund;
  if (await findOrderIdByProviderId(deps.db, provider.name, 'providerPaymentId', refund.providerPaymentId)) {
    return refund;
  }
  const invoiceId = await askProvider(deps.logger, 'invoiceOfPayment', () =>
    subscriptions.invoiceOfPayment(refund.providerPaymentId),
  );
  return { ...refund, invoiceId };
}

/** A refunded order's event changes nothing more; one not paid here yet waits for its payment. */
function alreadyRefunded(order: OrderWithLines): boolean {
  if (order.status === 'refunded') return true;
  if (order.status !== 'paid' && order.status !== 'fulfilled') {
    throw new AppError('unavailable', PROVIDER_REFUND_ERRORS.notPaidYet, undefined, { 'Retry-After': '60' });
  }
  return false;
}

export async function recordProviderRefund(
  deps: ServiceDeps<PaymentConfig>,
  tx: Executor,
  options: { provider: PaymentProviderName; refund: ProviderRefund; requestId?: string },
): Promise<{ outcome: ProviderRefundOutcome; order: OrderWithLines | null }> {
  const { provider, refund } = options;
  const order = await lockOrderOfProviderEvent(tx, provider, {
    column: 'providerPaymentId',
    id: refund.providerPaymentId,
    orderId: refund.orderId,
  });
  if (!order) return noteSubscriptionRefund(deps, tx, options);
  if (alreadyRefunded(order)) return { outcome: 'already-refunded', order };

  const name = PROVIDER_NAMES[provider];
  const amount = formatMoney(refund.amountRefunded);
  const plan = isPlanOrder(order.lines);
  if (!refund.full || plan) {
    const problem = plan
      ? `${name} reports a refund of ${amount} of this payment plan's first payment made outside the site; nothing was changed here and the plan goes on.`
      : `${name} reports a partial refund of ${amount} made outside the site; nothing was changed here.`;
    await updateOrder(tx, order.id, { problem, updatedAt: deps.clock.now() });
    deps.logger.warn(
      {
        orderId: order.id,
        provider,
        providerPaymentId: refund.providerPaymentId,
        amountRefunded: refund.amountRefunded,
        paymentPlan: plan,
      },
      'a payment was refunded in part outside the site: nothing changed',
    );
    return { outcome: 'partial-refund', order };
  }

  const refunded = await markOrderRefunded(deps, tx, order, {
    refundId: refund.refundId,
    amount: refund.amountRefunded,
    providerPaymentId: refund.providerPaymentId,
    reason: `Refunded at ${name}`,
    requestId: options.requestId,
    // A payment queued for its automatic refund says why it was not needed, as that refund would have.
    automatic: (await findAutomaticRefund(tx, order.id)) !== null,
  });
  return refunded ? { outcome: 'refunded', order: refunded } : { outcome: 'already-refunded', order };
}

/**
 * A subscription's payment refunded at the provider: the membership and the subscription go on (the
 * provider goes on charging; the site's own refund is what cancels it), and the admin is told.
 */
async function noteSubscriptionRefund(
  deps: ServiceDeps<PaymentConfig>,
  tx: Executor,
  { provider, refund }: { provider: PaymentProviderName; refund: ProviderRefund },
): Promise<{ outcome: ProviderRefundOutcome; order: OrderWithLines | null }> {
  const found = refund.invoiceId ? await lockOrderOfInvoice(tx, provider, refund.invoiceId) : null;
  if (!found) return { outcome: 'unknown-order', order: null };
  const { order, paidAt } = found;
  if (alreadyRefunded(order)) return { outcome: 'already-refunded', order };
  const problem = `${PROVIDER_NAMES[provider]} reports a refund of ${formatMoney(refund.amountRefunded)} of this subscription's payment of ${formatDate(paidAt, EMAIL_DATE)} made outside the site; nothing was changed here and the subscription goes on.`;
  await updateOrder(tx, order.id, { problem, updatedAt: deps.clock.now() });
  deps.logger.warn(
    { orderId: order.id, provider, invoiceId: refund.invoiceId, amountRefunded: refund.amountRefunded },
    "a subscription's payment was refunded outside the site: nothing changed",
  );
  return { outcome: 'subscription-refund', order };
}

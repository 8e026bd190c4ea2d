/**
 * A verified provider webhook: recorded once by (provider, event id), and applied through the same
 * fulfilment as every other path. A replayed event finds its row and changes nothing. For a payment the
 * provider is asked for the amount it collected (the webhook says only "paid"); a failure is trusted as
 * signed. The event row and the fulfilment commit together, so a webhook that fails half-way is retried
 * by the provider in full.
 */
import type { Executor } from '@platform/service-kit/db';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import { and, eq } from 'drizzle-orm';
import type { PaymentConfig } from '../config.js';
import { providerEvents } from '../db/schema.js';
import { askProvider } from '../checkout/ask-provider.js';
import { fulfilOrder, type FulfilOutcome } from '../orders/fulfil-order.js';
import { findOrderBySession } from '../orders/orders.repository.js';
import {
  recordProviderRefund,
  withSubscriptionInvoice,
  type ProviderRefundOutcome,
} from '../orders/record-provider-refund.js';
import {
  endSubscription,
  recordRenewal,
  type RenewalOutcome,
  type SubscriptionEndOutcome,
} from '../orders/subscription-events.js';
import type {
  PaymentProvider,
  ProviderPaymentStatus,
  VerifiedWebhook,
} from '../providers/payment-provider.js';

export type WebhookOutcome =
  | FulfilOutcome
  | RenewalOutcome
  | SubscriptionEndOutcome
  | ProviderRefundOutcome
  | 'duplicate'
  | 'ignored'
  | 'unknown-order';

export async function handleWebhook(
  deps: ServiceDeps<PaymentConfig>,
  provider: PaymentProvider,
  webhook: VerifiedWebhook,
  requestId?: string,
): Promise<WebhookOutcome> {
  const key = and(eq(providerEvents.provider, provider.name), eq(providerEvents.eventId, webhook.eventId));
  const [seen] = await deps.db.select({ eventId: providerEvents.eventId }).from(providerEvents).where(key);
  if (seen) return 'duplicate';
  if (
    webhook.kind === 'renewal-paid' ||
    webhook.kind === 'subscription-ended' ||
    webhook.kind === 'refunded'
  ) {
    return handleSignedWebhook(deps, provider, webhook, requestId);
  }

  const order =
    webhook.kind !== 'ignored' && webhook.providerSessionId
      ? await findOrderBySession(deps.db, webhook.providerSessionId, provider.name)
      : null;

  let payment: ProviderPaymentStatus | null = null;
  if (order && webhook.kind === 'paid') {
    payment = await askProvider(deps.logger, 'getPaymentStatus', () =>
      provider.getPaymentStatus(webhook.providerSessionId!),
    );
  } else if (order && webhook.kind === 'failed') {
    payment = {
      providerSessionId: webhook.providerSessionId!,
      status: 'failed',
      amountTotal: null,
      currency: null,
      providerPaymentId: null,
    };
  }

  const outcome = await deps.db.transaction(async (tx): Promise<WebhookOutcome> => {
    if (!(await recordEvent(deps, tx, provider, webhook, order?.id ?? null))) return 'duplicate';
    if (webhook.kind === 'ignored') return 'ignored';
    if (!order || !payment) return 'unknown-order';
    const result = await fulfilOrder(deps, { orderId: order.id, payment, source: 'webhook', requestId, tx });
    return result.outcome;
  });
  deps.logger.info(
    { provider: provider.name, eventId: webhook.eventId, kind: webhook.kind, orderId: order?.id, outcome },
    'provider webhook handled',
  );
  return outcome;
}

/**
 * A subscription's later cycle paid, its end, or a refund: recorded with the event in one transaction
 * (see orders/subscription-events.ts, orders/record-provider-refund.ts). None is a payment to fulfil, so
 * the provider is not asked again here: the signature vouches for it, and a renewal changes nothing but
 * its own record. A refund of a payment no order names is looked up first as a subscription's invoice.
 */
async function handleSignedWebhook(
  deps: ServiceDeps<PaymentConfig>,
  provider: PaymentProvider,
  webhook: VerifiedWebhook,
  requestId: string | undefined,
): Promise<WebhookOutcome> {
  let orderId: string | null = null;
  const refund = webhook.refund ? await withSubscriptionInvoice(deps, provider, webhook.refund) : null;
  const outcome = await deps.db.transaction(async (tx): Promise<WebhookOutcome> => {
    if (!(await recordEvent(deps, tx, provider, webhook, null))) return 'duplicate';
    if (refund) {
      const recorded = await recordProviderRefund(deps, tx, { provider: provider.name, refund, requestId });
      orderId = recorded.order?.id ?? null;
      return recorded.outcome;
    }
    if (webhook.renewal) {
      return recordRenewal(deps, tx, {
        provider: provider.name,
        renewal: webhook.renewal,
        eventId: webhook.eventId,
      });
    }
    if (!webhook.subscriptionEnd) return 'ignored';
    const ended = await endSubscription(deps, tx, {
      provider: provider.name,
      end: webhook.subscriptionEnd,
      requestId,
    });
    orderId = ended.order?.id ?? null;
    return ended.outcome;
  });
  deps.logger.info(
    { provider: provider.name, eventId: webhook.eventId, kind: webhook.kind, orderId, outcome },
    'provider webhook handled',
  );
  return outcome;
}

/** The event's row; false when it was there already (a replay racing this one). */
async function recordEvent(
  deps: ServiceDeps<PaymentConfig>,
  tx: Executor,
  provider: PaymentProvider,
  webhook: VerifiedWebhook,
  orderId: string | null,
): Promise<boolean> {
  const recorded = await tx
    .insert(providerEvents)
    .values({
      provider: provider.name,
      eventId: webhook.eventId,
      kind: webhook.kind,
      providerSessionId: webhook.providerSessionId,
      orderId,
      receivedAt: deps.clock.now(),
    })
    .onConflictDoNothing()
    .returning({ eventId: providerEvents.eventId });
  return recorded.length > 0;
}

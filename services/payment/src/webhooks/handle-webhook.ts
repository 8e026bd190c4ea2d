/**
 * A verified provider webhook: recorded once by (provider, event id), and applied through the same
 * fulfilment as every other path. A replayed event finds its row and changes nothing. For a payment the
 * provider is asked for the amount it collected (the webhook says only "paid"); a failure is trusted as
 * signed. The event row and the fulfilment commit together, so a webhook that fails half-way is retried
 * by the provider in full.
 */
import type { ServiceDeps } from '@platform/service-kit';
import { and, eq } from 'drizzle-orm';
import type { PaymentConfig } from '../config.js';
import { providerEvents } from '../db/schema.js';
import { askProvider } from '../checkout/ask-provider.js';
import { fulfilOrder, type FulfilOutcome } from '../orders/fulfil-order.js';
import { findOrderBySession } from '../orders/orders.repository.js';
import type {
  PaymentProvider,
  ProviderPaymentStatus,
  VerifiedWebhook,
} from '../providers/payment-provider.js';

export type WebhookOutcome = FulfilOutcome | 'duplicate' | 'ignored' | 'unknown-order';

export async function handleWebhook(
  deps: ServiceDeps<PaymentConfig>,
  provider: PaymentProvider,
  webhook: VerifiedWebhook,
  requestId?: string,
): Promise<WebhookOutcome> {
  const key = and(eq(providerEvents.provider, provider.name), eq(providerEvents.eventId, webhook.eventId));
  const [seen] = await deps.db.select({ eventId: providerEvents.eventId }).from(providerEvents).where(key);
  if (seen) return 'duplicate';

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

  let fulfilled = false;
  const outcome = await deps.db.transaction(async (tx): Promise<WebhookOutcome> => {
    const recorded = await tx
      .insert(providerEvents)
      .values({
        provider: provider.name,
        eventId: webhook.eventId,
        kind: webhook.kind,
        providerSessionId: webhook.providerSessionId,
        orderId: order?.id ?? null,
        receivedAt: deps.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ eventId: providerEvents.eventId });
    if (recorded.length === 0) return 'duplicate';
    if (webhook.kind === 'ignored') return 'ignored';
    if (!order || !payment) return 'unknown-order';
    const result = await fulfilOrder(deps, { orderId: order.id, payment, source: 'webhook', requestId, tx });
    fulfilled = result.outcome === 'fulfilled';
    return result.outcome;
  });
  if (fulfilled) deps.notifyOutbox();
  deps.logger.info(
    { provider: provider.name, eventId: webhook.eventId, kind: webhook.kind, orderId: order?.id, outcome },
    'provider webhook handled',
  );
  return outcome;
}

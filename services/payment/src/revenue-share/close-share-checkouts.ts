/**
 * Before the card on file is charged for a share (docs/behaviour/revenue-share.md#automatic-collection),
 * every 'Pay now' checkout of the report still pending is closed at its provider, in the collection's
 * transaction with the report's due locked: a page nobody paid can no longer be paid, and one paid first
 * is fulfilled now through the one fulfilment, so the card is charged only for what is still owed after
 * it. A checkout whose page is still being made (no provider session yet) is failed here; its start then
 * closes the page it gets and answers that nothing is due (start-share-checkout.ts).
 */
import type { Executor } from '@platform/service-kit/db';
import { and, eq, isNull } from 'drizzle-orm';
import { orders } from '../db/schema.js';
import { fulfilOrder } from '../orders/fulfil-order.js';
import { providerNamed, type PaymentDeps } from '../runtime.js';

/** Written on a 'Pay now' checkout closed because the card on file was charged: what the admin sees. */
export const CLOSED_FOR_COLLECTION_PROBLEM =
  'Closed before anyone paid it: the card on file was charged for the share instead.';

export class CheckoutNotClosedError extends Error {
  override name = 'CheckoutNotClosedError';
}

/**
 * Closes the report's pending checkouts; throws CheckoutNotClosedError when one may still be paid (a
 * payment started on it is not settled yet), so the card is not charged and the request is tried again.
 */
export async function closeShareCheckouts(deps: PaymentDeps, tx: Executor, reportId: string): Promise<void> {
  const pending = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.revenueReportId, reportId), eq(orders.status, 'pending')));
  for (const order of pending) {
    const sessionId = order.providerSessionId ?? (await failBeforeItsPage(deps, tx, order.id));
    if (!sessionId) continue;
    const provider = providerNamed(deps.runtime, order.provider);
    if (!provider) {
      deps.logger.warn({ orderId: order.id, provider: order.provider }, 'share checkout of a provider gone');
      continue;
    }
    const payment = provider.closeCheckout
      ? await provider.closeCheckout(sessionId, tx)
      : await provider.getPaymentStatus(sessionId);
    if (payment.status === 'pending') {
      throw new CheckoutNotClosedError(`share checkout ${order.id} may still be paid; not charging the card`);
    }
    const { outcome } = await fulfilOrder(deps, { orderId: order.id, tx, payment, source: 'collection' });
    deps.logger.info(
      { orderId: order.id, reportId, outcome },
      'share checkout closed before the card charge',
    );
  }
}

/**
 * Fails a pending checkout whose page is still being made, unless its page was stored meanwhile (the
 * conditional update waits for, or is waited for by, the one that stores it): then that page's session,
 * to be closed like any other; null when nothing is left to close.
 */
async function failBeforeItsPage(deps: PaymentDeps, tx: Executor, orderId: string): Promise<string | null> {
  const now = deps.clock.now();
  const failed = await tx
    .update(orders)
    .set({ status: 'failed', failedAt: now, updatedAt: now, problem: CLOSED_FOR_COLLECTION_PROBLEM })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending'), isNull(orders.providerSessionId)))
    .returning({ id: orders.id });
  if (failed.length > 0) return null;
  const [current] = await tx
    .select({ status: orders.status, providerSessionId: orders.providerSessionId })
    .from(orders)
    .where(eq(orders.id, orderId));
  return current?.status === 'pending' ? current.providerSessionId : null;
}

/**
 * The card charge of a share collection, made once (docs/behaviour/revenue-share.md#automatic-collection,
 * pending-charge.ts): the request's transaction (collect-share.handler.ts) commits the collection's order
 * (pending) and the charge's key (`collect:<collectionId>`), amount and card as pending on its
 * `share_collections` row, and queues it here; the queue asks the provider and records the answer, with the
 * share's due locked, in one transaction: the order fulfilled through the one fulfilment (or failed and
 * `payment.share-collection.failed` sent), the mark cleared.
 *
 * A mark whose answer was not recorded (that transaction failed, the process stopped, the queue gave up) is
 * settled the same way, asking again with the same key, by whatever pays the share next: the queue's next
 * attempt, the report's next collection request, or 'Pay now' (revenue-share/start-share-checkout.ts) before
 * it opens a page. So the share is never paid by link while a card charge of it may have taken the money.
 */
import { findRow, type Executor } from '@platform/service-kit/db';
import { schemaOf, wakeAfterCommit } from '@platform/service-kit/jobs';
import { and, eq, isNotNull } from 'drizzle-orm';
import { fulfilOrder } from '../orders/fulfil-order.js';
import { findOrder, updateOrder } from '../orders/orders.repository.js';
import { lockShareDue } from '../revenue-share/share-dues.repository.js';
import { defineProviderQueue } from '../providers/provider-queue.js';
import type { PaymentDeps } from '../runtime.js';
import { askPendingCharge, type AskedCharge } from './pending-charge.js';
import { shareCollectionCharges, shareCollections } from './saved-cards.tables.js';
import { announceShareCollectionFailure } from './unneeded-collections.js';

export const SHARE_COLLECTION_CHARGE_QUEUE = 'charge-share-collections';

/** The failure's message when the provider refused to charge the card on file at all (nothing charged). */
export const CARD_REFUSED_MESSAGE = 'Your card on file could not be charged.';

/** Queues the collection's charge, marked pending in the caller's transaction, to be asked after commit. */
export async function queueShareCollectionCharge(
  tx: Executor,
  collectionId: string,
  now: Date,
): Promise<void> {
  await tx
    .insert(shareCollectionCharges)
    .values({ id: collectionId, status: 'queued', nextAttemptAt: now, queuedAt: now })
    .onConflictDoNothing();
  await wakeAfterCommit(tx, schemaOf(shareCollectionCharges), SHARE_COLLECTION_CHARGE_QUEUE);
}

/**
 * Asks the provider for the collection's pending charge (again: its key, amount and card) and records its
 * answer, with the share's due locked; null when nothing is pending (answered by someone else first).
 * Throws when the provider may have charged without answering: the mark stays.
 */
export async function settleShareCollection(
  deps: PaymentDeps,
  tx: Executor,
  collectionId: string,
): Promise<AskedCharge | null> {
  const ofCollection = eq(shareCollections.collectionId, collectionId);
  const found = await findRow(tx, shareCollections, ofCollection);
  if (!found) return null;
  // The share's due first, as every payment of the share locks it.
  await lockShareDue(tx, found.reportId);
  const row = await findRow(tx, shareCollections, ofCollection, { lock: true });
  const pending = row?.pendingCharge;
  if (!row || !pending || !row.orderId) return null;
  const charge = await askPendingCharge(deps, pending);
  const now = deps.clock.now();
  const settle = (changes: Partial<typeof shareCollections.$inferInsert>) =>
    tx
      .update(shareCollections)
      .set({ pendingCharge: null, ...changes })
      .where(ofCollection);
  if (charge.status !== 'paid') {
    // A refused request charged nothing and will not charge this card: the owner must change it.
    const reason = charge.status === 'refused' ? 'hard-decline' : charge.status;
    const message = charge.status === 'refused' ? CARD_REFUSED_MESSAGE : charge.message;
    await updateOrder(tx, row.orderId, { status: 'failed', failedAt: now, updatedAt: now, problem: message });
    await settle({ outcome: reason, message });
    await announceShareCollectionFailure(tx, deps, {
      collectionId,
      reportId: row.reportId,
      userId: row.userId,
      attempt: row.attempt,
      reason,
      message,
      failedAt: now.toISOString(),
    });
    deps.logger.info(
      { reportId: row.reportId, attempt: row.attempt, reason, refused: charge.status === 'refused' },
      'share not collected',
    );
    return charge;
  }
  await settle({ outcome: 'paid' });
  const order = await findOrder(tx, row.orderId);
  // Through the one fulfilment: were the share paid meanwhile, this charge is refunded automatically, and
  // the refund answers the attempt (unneeded-collections.ts).
  const { outcome } = await fulfilOrder(deps, {
    orderId: row.orderId,
    tx,
    source: 'collection',
    payment: {
      providerSessionId: `collect_${collectionId}`,
      status: 'paid',
      amountTotal: pending.amount,
      currency: order?.currency ?? 'USD',
      providerPaymentId: charge.providerPaymentId,
    },
  });
  deps.logger.info(
    { reportId: row.reportId, attempt: row.attempt, orderId: row.orderId, outcome },
    'share collected',
  );
  return charge;
}

/**
 * Settles every card charge of the report asked and never answered (see settleShareCollection), with its
 * due locked; how many there were.
 */
export async function settleShareCollectionsOf(
  deps: PaymentDeps,
  tx: Executor,
  reportId: string,
): Promise<number> {
  await lockShareDue(tx, reportId);
  const pending = await tx
    .select({ collectionId: shareCollections.collectionId })
    .from(shareCollections)
    .where(and(eq(shareCollections.reportId, reportId), isNotNull(shareCollections.pendingCharge)));
  let settled = 0;
  for (const { collectionId } of pending) {
    if (await settleShareCollection(deps, tx, collectionId)) settled += 1;
  }
  return settled;
}

/**
 * The queue: each collection's charge asked and answered once its request committed; the provider may be
 * down for a while, so it keeps trying for about a day (the mark stays for whoever pays the share next).
 */
export function shareCollectionChargeQueue(deps: PaymentDeps) {
  return defineProviderQueue({
    name: SHARE_COLLECTION_CHARGE_QUEUE,
    table: shareCollectionCharges,
    orderBy: [shareCollectionCharges.queuedAt],
    handle: async (item) => {
      await deps.db.transaction((tx) => settleShareCollection(deps, tx, item.id));
      return { status: 'answered' as const };
    },
  });
}

/**
 * The answers of collection attempts that took no money in the end (docs/behaviour/revenue-share.md#automatic-collection).
 * The revenue service asks for no further attempt and sends no payment reminder while an attempt is
 * unanswered, so every attempt is answered, also when its charge is not kept: `payment.share-collection.failed`
 * 'not-needed' when nothing was due by the time it came (nothing charged), and once its charge is refunded
 * (the share no longer owed it: paid or lowered meanwhile, the revenue service refused it; or the admin
 * refunded it), in the transaction that records the refund, once (the collection's outcome moves from
 * 'paid' to 'refunded' conditionally). A collection's charge is refunded through the card vault that made it.
 */
import type { PaymentShareCollectionFailed } from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { enqueueEvent } from '@platform/service-kit/events';
import { and, eq } from 'drizzle-orm';
import { outboxEvents } from '../db/schema.js';
import type { PaymentDeps } from '../runtime.js';
import type { CardVault } from './card-vault.js';
import { vaultOfCard } from './card-vaults.js';
import { shareCollections, type ShareCollectionRow } from './saved-cards.tables.js';

/** The message of a 'not-needed' answer when nothing was due on the share as the attempt came. */
export const NOTHING_DUE_MESSAGE = 'Nothing was due on the share when the card was to be charged.';
/** The message of a 'not-needed' answer once the attempt's charge is refunded automatically. */
export const CHARGE_NOT_NEEDED_MESSAGE = 'The charge was refunded: the share no longer owed it.';
/** The message of a 'refunded' answer: the admin (or the provider's dashboard) refunded the charge. */
export const CHARGE_REFUNDED_MESSAGE = 'The charge was refunded.';

export async function announceShareCollectionFailure(
  tx: Executor,
  deps: Pick<PaymentDeps, 'clock'>,
  failure: PaymentShareCollectionFailed,
): Promise<void> {
  await enqueueEvent(
    tx,
    outboxEvents,
    {
      type: 'payment.share-collection.failed',
      data: {
        collectionId: failure.collectionId,
        reportId: failure.reportId,
        userId: failure.userId,
        attempt: failure.attempt,
        reason: failure.reason,
        message: failure.message,
        failedAt: failure.failedAt,
      },
    },
    { clock: deps.clock },
  );
}

/**
 * The collection attempt whose card charge `orderId` is, if any: its `payment.order.paid` names it, which
 * answers the attempt when the charge succeeded.
 */
export async function collectionIdOfOrder(tx: Executor, orderId: string): Promise<string | null> {
  const [row] = await tx
    .select({ collectionId: shareCollections.collectionId })
    .from(shareCollections)
    .where(eq(shareCollections.orderId, orderId));
  return row?.collectionId ?? null;
}

/**
 * The vault that charged the order when it is a share collection's (the checkout provider knows only its
 * own sessions' payments); null for any other order.
 */
export async function collectionVaultOf(
  deps: PaymentDeps,
  order: { id: string; provider: string; revenueReportId: string | null },
): Promise<CardVault | null> {
  if (!order.revenueReportId || (order.provider !== 'stripe' && order.provider !== 'test')) return null;
  return (await collectionIdOfOrder(deps.db, order.id)) ? vaultOfCard(deps, order.provider) : null;
}

/**
 * In the transaction that records the order refunded: when it is a share collection's charge, its attempt
 * is answered once, 'not-needed' when the refund was automatic (the share no longer owed it: the schedule
 * goes on with what is still owed), else 'refunded' (someone chose to give the money back: charging the
 * card again at once would undo it, so the share is paid by link).
 */
export async function answerRefundedCollection(
  tx: Executor,
  deps: Pick<PaymentDeps, 'clock'>,
  orderId: string,
  refund: { at: Date; automatic: boolean },
): Promise<ShareCollectionRow | null> {
  const message = refund.automatic ? CHARGE_NOT_NEEDED_MESSAGE : CHARGE_REFUNDED_MESSAGE;
  const [row] = await tx
    .update(shareCollections)
    .set({ outcome: 'refunded', message })
    .where(and(eq(shareCollections.orderId, orderId), eq(shareCollections.outcome, 'paid')))
    .returning();
  if (!row) return null;
  await announceShareCollectionFailure(tx, deps, {
    collectionId: row.collectionId,
    reportId: row.reportId,
    userId: row.userId,
    attempt: row.attempt,
    reason: refund.automatic ? 'not-needed' : 'refunded',
    message,
    failedAt: refund.at.toISOString(),
  });
  return row;
}

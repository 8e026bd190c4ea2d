/**
 * `revenue.share.collection-requested` → one off-session charge of the owner's card on file
 * (docs/behaviour/revenue-share.md#automatic-collection). In the inbox's transaction:
 *
 * 1. the attempt is claimed in `share_collections` (primary key = the request's `collectionId`): a
 *    redelivered or raced request waits for the first one, finds the row and charges nothing;
 * 2. without a card (or with nothing still due in the dues projection) nothing is charged, and the attempt
 *    is answered (`payment.share-collection.failed` 'no-card' or 'not-needed');
 * 3. the report's due is locked (the share's fulfilments and 'Pay now' starts wait); a card charge of an
 *    earlier collection of it never answered is answered first (share-collection-charges.ts), and every
 *    'Pay now' checkout of it still pending is closed (revenue-share/close-share-checkouts.ts): one paid
 *    before is fulfilled and what it paid is no longer due, one nobody paid can no longer be paid;
 * 4. what is still owed then is a share order (one line, priced from the dues projection as the
 *    pay-by-link checkout is), stored pending with its card charge (idempotency key `collect:<collectionId>`)
 *    marked pending on the collection, and queued.
 *
 * The charge itself is made after this transaction commits (share-collection-charges.ts): the provider is
 * never asked for money this service has not recorded asking for.
 */
import { randomUUID } from 'node:crypto';
import type { PaymentShareCollectionFailed } from '@platform/contracts';
import { defineSubscription } from '@platform/service-kit/events';
import { eq } from 'drizzle-orm';
import { insertOrder } from '../orders/orders.repository.js';
import { closeShareCheckouts } from '../revenue-share/close-share-checkouts.js';
import { lockShareDue, type ShareDueRow } from '../revenue-share/share-dues.repository.js';
import { priceShare } from '../revenue-share/start-share-checkout.js';
import type { PaymentDeps } from '../runtime.js';
import { vaultOfCard } from './card-vaults.js';
import { cardAsked } from './pending-charge.js';
import { findSavedCard } from './saved-cards.repository.js';
import { shareCollections } from './saved-cards.tables.js';
import { queueShareCollectionCharge, settleShareCollectionsOf } from './share-collection-charges.js';
import { announceShareCollectionFailure, NOTHING_DUE_MESSAGE } from './unneeded-collections.js';

export function collectShareSubscription(deps: PaymentDeps) {
  return defineSubscription({
    subject: 'revenue.share.collection-requested',
    handler: async (event, { tx, logger }) => {
      const request = event.data;
      const now = deps.clock.now();
      const [claimed] = await tx
        .insert(shareCollections)
        .values({
          collectionId: request.collectionId,
          reportId: request.reportId,
          userId: request.userId,
          attempt: request.attempt,
          amount: request.amount,
          outcome: 'no-card',
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ collectionId: shareCollections.collectionId });
      if (!claimed) {
        logger.info({ collectionId: request.collectionId }, 'share collection already handled');
        return;
      }
      const settle = (changes: Partial<typeof shareCollections.$inferInsert>) =>
        tx
          .update(shareCollections)
          .set(changes)
          .where(eq(shareCollections.collectionId, request.collectionId));
      const fail = async (
        reason: Exclude<PaymentShareCollectionFailed['reason'], 'not-needed'>,
        message: string,
      ) => {
        await settle({ outcome: reason, message });
        await announceShareCollectionFailure(tx, deps, {
          ...request,
          reason,
          message,
          failedAt: now.toISOString(),
        });
        logger.info({ reportId: request.reportId, attempt: request.attempt, reason }, 'share not collected');
      };

      const card = await findSavedCard(tx, request.userId);
      const vault = card ? vaultOfCard(deps, card.provider) : null;
      if (!card || !vault) return fail('no-card', '');
      const owes = (row: ShareDueRow | null): row is ShareDueRow =>
        row !== null && row.userId === request.userId && row.verified && row.amountDue > 0;
      // Answered all the same: the revenue service goes on with whatever it still finds owed.
      const nothingDue = async () => {
        await settle({ outcome: 'nothing-due', message: NOTHING_DUE_MESSAGE });
        await announceShareCollectionFailure(tx, deps, {
          ...request,
          reason: 'not-needed',
          message: NOTHING_DUE_MESSAGE,
          failedAt: now.toISOString(),
        });
        logger.info({ reportId: request.reportId, attempt: request.attempt }, 'nothing due to collect');
      };
      if (!owes(await lockShareDue(tx, request.reportId))) return nothingDue();
      // What an earlier collection's card charge paid is not charged again.
      await settleShareCollectionsOf(deps, tx, request.reportId);
      // The owner cannot pay the share by link as well: the checkouts are closed (or fulfilled) first.
      await closeShareCheckouts(deps, tx, request.reportId);
      const due = await lockShareDue(tx, request.reportId);
      if (!owes(due)) return nothingDue();

      const priced = priceShare(due);
      const orderId = randomUUID();
      await insertOrder(
        tx,
        {
          id: orderId,
          status: 'pending',
          provider: card.provider,
          method: 'card',
          providerSessionId: `collect_${request.collectionId}`,
          customerEmail: card.email,
          customerFirstName: due.firstName,
          customerLastName: due.lastName,
          billingInfo: null,
          placedByUserId: request.userId,
          accountEmail: card.email,
          revenueReportId: request.reportId,
          total: priced.total,
          currency: priced.currency,
          createdAt: now,
          updatedAt: now,
        },
        priced.lines,
      );
      // Charged once this commits (share-collection-charges.ts); until answered, the share is not paid
      // any other way.
      await settle({
        orderId,
        amount: priced.total,
        outcome: 'pending',
        pendingCharge: {
          key: `collect:${request.collectionId}`,
          amount: priced.total,
          card: cardAsked(card),
          askedAt: now.toISOString(),
        },
      });
      await queueShareCollectionCharge(tx, request.collectionId, now);
      logger.info(
        { reportId: request.reportId, attempt: request.attempt, orderId },
        'share collection charge asked',
      );
    },
  });
}

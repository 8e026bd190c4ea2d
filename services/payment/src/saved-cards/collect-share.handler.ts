/**
 * `revenue.share.collection-requested` → one off-session charge of the owner's card on file
 * (docs/behaviour/revenue-share.md#automatic-collection). In the inbox's transaction:
 *
 * 1. the attempt is claimed in `share_collections` (primary key = the request's `collectionId`): a
 *    redelivered or raced request waits for the first one, finds the row and charges nothing;
 * 2. without a card (or with nothing still due in the dues projection) nothing is charged;
 * 3. the report's due is locked (the share's fulfilments and 'Pay now' starts wait), and every 'Pay now'
 *    checkout of it still pending is closed first (revenue-share/close-share-checkouts.ts): one paid
 *    before is fulfilled and what it paid is no longer due, one nobody paid can no longer be paid;
 * 4. what is still owed then is a share order (one line, priced from the dues projection as the
 *    pay-by-link checkout is), charged through the card's provider with the collection id as the
 *    idempotency key, and fulfilled through the one fulfilment (`payment.order.paid`, which the revenue
 *    service records), or marked failed and answered with `payment.share-collection.failed`.
 *
 * Should the transaction fail after the charge, the redelivered request charges with the same idempotency
 * key, so the provider answers the first charge again.
 */
import { randomUUID } from 'node:crypto';
import type { PaymentShareCollectionFailed } from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { defineSubscription, enqueueEvent } from '@platform/service-kit/events';
import { eq } from 'drizzle-orm';
import { outboxEvents } from '../db/schema.js';
import { fulfilOrder } from '../orders/fulfil-order.js';
import { insertOrder, updateOrder } from '../orders/orders.repository.js';
import { closeShareCheckouts } from '../revenue-share/close-share-checkouts.js';
import { lockShareDue, type ShareDueRow } from '../revenue-share/share-dues.repository.js';
import { priceShare } from '../revenue-share/start-share-checkout.js';
import type { PaymentDeps } from '../runtime.js';
import { vaultOfCard } from './card-vaults.js';
import { findSavedCard } from './saved-cards.repository.js';
import { shareCollections } from './saved-cards.tables.js';

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
      const fail = async (reason: PaymentShareCollectionFailed['reason'], message: string) => {
        await settle({ outcome: reason, message });
        await announceFailure(tx, deps, { ...request, reason, message, failedAt: now.toISOString() });
        logger.info({ reportId: request.reportId, attempt: request.attempt, reason }, 'share not collected');
      };

      const card = await findSavedCard(tx, request.userId);
      const vault = card ? vaultOfCard(deps, card.provider) : null;
      if (!card || !vault) return fail('no-card', '');
      const owes = (row: ShareDueRow | null): row is ShareDueRow =>
        row !== null && row.userId === request.userId && row.verified && row.amountDue > 0;
      if (!owes(await lockShareDue(tx, request.reportId))) {
        await settle({ outcome: 'nothing-due' });
        return;
      }
      // The owner cannot pay the share by link as well: the checkouts are closed (or fulfilled) first.
      await closeShareCheckouts(deps, tx, request.reportId);
      const due = await lockShareDue(tx, request.reportId);
      if (!owes(due)) {
        await settle({ outcome: 'nothing-due' });
        return;
      }

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
      await settle({ orderId, amount: priced.total });
      const charge = await vault.charge(card, priced.total, `collect:${request.collectionId}`);
      if (charge.status !== 'paid') {
        await updateOrder(tx, orderId, {
          status: 'failed',
          failedAt: now,
          updatedAt: now,
          problem: charge.message,
        });
        return fail(charge.status, charge.message);
      }
      await settle({ outcome: 'paid' });
      const { outcome } = await fulfilOrder(deps, {
        orderId,
        tx,
        source: 'collection',
        payment: {
          providerSessionId: `collect_${request.collectionId}`,
          status: 'paid',
          amountTotal: priced.total,
          currency: priced.currency,
          providerPaymentId: charge.providerPaymentId,
        },
      });
      logger.info(
        { reportId: request.reportId, attempt: request.attempt, orderId, outcome },
        'share collected',
      );
    },
  });
}

async function announceFailure(tx: Executor, deps: PaymentDeps, failure: PaymentShareCollectionFailed) {
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

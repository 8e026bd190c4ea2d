/**
 * A collection attempt that took no money in the end is answered (docs/behaviour/revenue-share.md#automatic-collection):
 * the revenue service waits for each attempt's answer before it asks for the next one or sends a reminder,
 * so a charge refunded because the share no longer owed it (the revenue service refused its payment, or it
 * came when the dues projection owed less) each answer their attempt once with
 * `payment.share-collection.failed` 'not-needed', as soon as the refund is recorded; a charge refunded by
 * the admin answers 'refunded' (the card is not charged again for it), also with two replicas refunding it
 * at once.
 */
import { describe, expect, it } from '@jest/globals';
import { waitFor } from '@platform/service-kit/testing';
import { eq } from 'drizzle-orm';
import { ADMIN, backings, usePaymentSuite, type PaymentUnderTest } from '../../__tests__/harness.js';
import { shareCollections } from '../saved-cards.tables.js';
import { collectionHelpers, owner, type UserCaller } from './collection-helpers.js';

describe.each(backings())('a collection attempt that took nothing, answered, on $name', (factory) => {
  const suite = usePaymentSuite(factory, { replica: true });
  const { payment } = suite;

  const {
    deliver,
    chargeLeftPending,
    announceDue,
    saveCard,
    verifiedShare,
    collectionRequest,
    failuresOf,
    ordersOf,
  } = collectionHelpers(() => payment);

  /** An owner whose $123.45 share the card on file paid (attempt 1): its request and order. */
  async function collectedShare() {
    const who = owner();
    await saveCard(who, 'pays');
    const reportId = await verifiedShare(who, 12_345);
    const request = collectionRequest(who, reportId);
    await deliver('revenue.share.collection-requested', request);
    const [order] = await ordersOf(reportId);
    expect(order).toMatchObject({ status: 'fulfilled', total: 12_345 });
    return { who, reportId, request, order: order! };
  }

  const refunded = (orderId: string) =>
    waitFor(
      () => payment.order(orderId),
      (row) => row?.status === 'refunded',
      'the order to be refunded',
    );

  const answersOf = async (reportId: string) =>
    (await failuresOf(reportId)).map((event) => {
      const { collectionId, attempt, reason } = event.data as Record<string, unknown>;
      return { collectionId, attempt, reason };
    });

  const outcomeOf = async (collectionId: string) =>
    (
      await payment.service.deps.db
        .select({ outcome: shareCollections.outcome })
        .from(shareCollections)
        .where(eq(shareCollections.collectionId, collectionId))
    )[0]?.outcome;

  const refusal = (who: UserCaller, reportId: string, orderId: string) => ({
    orderId,
    reportId,
    userId: who.userId,
    amount: 12_345,
    reason: 'more-than-due' as const,
    refusedAt: payment.clock.now().toISOString(),
  });

  it("answers 'not-needed' once the charge the revenue service refused is refunded", async () => {
    // The admin recorded part of the share (Mark Paid) while the card was charged: the revenue service
    // refuses the charge as more than due, and the payment service refunds it.
    const { who, reportId, request, order } = await collectedShare();
    await deliver('revenue.share-payment.refused', refusal(who, reportId, order.id));
    await refunded(order.id);
    await waitFor(
      () => answersOf(reportId),
      (answers) => answers.length > 0,
      'the attempt to be answered',
    );
    // Told again (another event), it answers nothing more.
    await deliver('revenue.share-payment.refused', refusal(who, reportId, order.id));
    expect(await answersOf(reportId)).toEqual([
      { collectionId: request.collectionId, attempt: 1, reason: 'not-needed' },
    ]);
    expect(await outcomeOf(request.collectionId)).toBe('refunded');
  });

  it("answers 'not-needed' for a charge that came when the share owed less, once it is refunded", async () => {
    const who = owner();
    await saveCard(who, 'pays');
    const reportId = await verifiedShare(who, 12_345);
    const first = collectionRequest(who, reportId, 1);
    // The card is charged, but recording the answer fails: the charge stays pending.
    await chargeLeftPending(first);
    // Meanwhile the admin recorded $73.45 of it: $50.00 is still owed.
    await announceDue(who, reportId, 5_000, 3);
    // The next attempt answers the first charge (more than owed now: refunded), then charges the $50.00.
    const second = collectionRequest(who, reportId, 2, 5_000);
    await deliver('revenue.share.collection-requested', second);
    const firstOrder = (await ordersOf(reportId)).find((row) => row.total === 12_345)!;
    await refunded(firstOrder.id);
    await waitFor(
      () => answersOf(reportId),
      (answers) => answers.length > 0,
      'the attempt to be answered',
    );
    expect(await answersOf(reportId)).toEqual([
      { collectionId: first.collectionId, attempt: 1, reason: 'not-needed' },
    ]);
    expect((await ordersOf(reportId)).map((row) => [row.total, row.status]).sort()).toEqual([
      [12_345, 'refunded'],
      [5_000, 'fulfilled'],
    ]);
  });

  /** The admin's refund of `orderId` on `service`. */
  const adminRefund = (service: PaymentUnderTest, orderId: string) =>
    service.call(`/api/admin/orders/${orderId}/refund`, { caller: ADMIN, json: {} });

  it('answers a collected share refunded by the admin once, as refunded (not charged again)', async () => {
    const { reportId, request, order } = await collectedShare();
    expect((await adminRefund(payment, order.id)).status).toBe(200);
    expect((await adminRefund(payment, order.id)).status).toBe(409);
    expect(await answersOf(reportId)).toEqual([
      { collectionId: request.collectionId, attempt: 1, reason: 'refunded' },
    ]);
  });

  // Two replicas need a database server; PGlite belongs to one process.
  if (factory.name.startsWith('PostgreSQL'))
    it('answers the attempt once when two replicas refund its charge at once', async () => {
      const replica = suite.replica!;
      for (let round = 0; round < 3; round += 1) {
        const { reportId, request, order } = await collectedShare();
        const statuses = await Promise.all([adminRefund(payment, order.id), adminRefund(replica, order.id)]);
        expect(statuses.map((response) => response.status).sort()).toEqual([200, 409]);
        expect(await answersOf(reportId)).toEqual([
          { collectionId: request.collectionId, attempt: 1, reason: 'refunded' },
        ]);
      }
    });
});

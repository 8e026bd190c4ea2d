/**
 * One share, two ways to pay it (docs/behaviour/revenue-share.md#automatic-collection): the card on file
 * charged by the automatic collection, and 'Pay now' (pay by link) on the test provider's page. Whichever
 * comes first, in either order or at the same moment, the owner's money is taken once: an open 'Pay now'
 * page is closed before the card is charged, a page paid first settles the share (the card is not
 * charged), and once the card paid it 'Pay now' answers that nothing is due. Counted where the money is
 * taken: the test provider's paid sessions and the card charges it answered.
 */
import { describe, expect, it } from '@jest/globals';
import {
  CreateCheckoutSessionResponseSchema,
  SHARE_CHECKOUT_MESSAGES,
  type CreateCheckoutSessionResponse,
} from '@platform/contracts';
import { and, eq, inArray, isNotNull, like } from 'drizzle-orm';
import { automaticRefunds, orders, testCheckoutSessions } from '../../db/schema.js';
import { backings, payWithLostWebhook, usePaymentSuite } from '../../__tests__/harness.js';
import { shareCollections } from '../saved-cards.tables.js';
import { collectionHelpers, owner, type UserCaller } from './collection-helpers.js';

describe.each(backings())('a share paid by card or by link, once, on $name', (factory) => {
  const { payment } = usePaymentSuite(factory);

  const { deliver, chargeLeftPending, saveCard, verifiedShare, collectionRequest, paidEventsOf, ordersOf } =
    collectionHelpers(() => payment);

  const payShare = (who: UserCaller, reportId: string) =>
    payment.call('/api/revenue-share-checkout', { caller: who, json: { reportId } });

  async function payNow(who: UserCaller, reportId: string): Promise<CreateCheckoutSessionResponse> {
    const response = await payShare(who, reportId);
    expect(response.status).toBe(200);
    return CreateCheckoutSessionResponseSchema.parse(await response.json());
  }

  /** The owner presses 'Pay (test mode)' on the page: where the page sends them. */
  async function payOnPage(sessionId: string) {
    const response = await payment.call(`/api/test-checkout/${sessionId}/pay`, { method: 'POST' });
    expect(response.status).toBe(303);
    return response.headers.get('location');
  }

  const collect = (who: UserCaller, reportId: string) =>
    deliver('revenue.share.collection-requested', collectionRequest(who, reportId));

  /** An owner with a card that pays, and a verified share of theirs owing $123.45. */
  async function ownerWithShare() {
    const who = owner();
    await saveCard(who, 'pays');
    return { who, reportId: await verifiedShare(who, 12_345) };
  }

  /**
   * Every time the provider took the owner's money for the report: the test provider's sessions paid on
   * its page, and the card charges it answered with a payment id.
   */
  async function moneyTaken(reportId: string) {
    const { db } = payment.service.deps;
    const ids = (await ordersOf(reportId)).map((order) => order.id);
    const link =
      ids.length === 0
        ? []
        : await db
            .select()
            .from(testCheckoutSessions)
            .where(and(inArray(testCheckoutSessions.orderId, ids), eq(testCheckoutSessions.status, 'paid')));
    const card = await db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.revenueReportId, reportId),
          like(orders.providerSessionId, 'collect\\_%'),
          isNotNull(orders.providerPaymentId),
        ),
      );
    return { link: link.length, card: card.length };
  }

  async function automaticRefundsOf(reportId: string) {
    const ids = (await ordersOf(reportId)).map((order) => order.id);
    if (ids.length === 0) return [];
    return payment.service.deps.db.select().from(automaticRefunds).where(inArray(automaticRefunds.id, ids));
  }

  async function collectionOutcomes(reportId: string) {
    const rows = await payment.service.deps.db
      .select()
      .from(shareCollections)
      .where(eq(shareCollections.reportId, reportId));
    return rows.map((row) => row.outcome);
  }

  it('closes an open Pay now page before charging the card, so the page can no longer take the money', async () => {
    const { who, reportId } = await ownerWithShare();
    const { sessionId } = await payNow(who, reportId);

    await collect(who, reportId);
    expect(await collectionOutcomes(reportId)).toEqual(['paid']);

    // The owner comes back to the page they opened and presses Pay: it has expired, nothing is taken.
    expect(await payOnPage(sessionId)).toBe(`/api/test-checkout/${sessionId}`);
    const page = await payment.call(`/api/test-checkout/${sessionId}`);
    expect(await page.text()).toContain('This test checkout has expired.');
    const back = await payment.call(`/api/revenue-share-checkout/return?session_id=${sessionId}`);
    expect(back.headers.get('location')).toBe('/revenue-report?payment=failed');

    expect(await moneyTaken(reportId)).toEqual({ link: 0, card: 1 });
    expect((await ordersOf(reportId)).map((order) => order.status).sort()).toEqual(['failed', 'fulfilled']);
    expect(await paidEventsOf(reportId)).toHaveLength(1);
    expect(await automaticRefundsOf(reportId)).toEqual([]);
  });

  it('charges no card when the Pay now page was paid first, its webhook not here yet', async () => {
    const { who, reportId } = await ownerWithShare();
    const { sessionId } = await payNow(who, reportId);
    await payWithLostWebhook(payment, sessionId);

    await collect(who, reportId);
    expect(await collectionOutcomes(reportId)).toEqual(['nothing-due']);
    expect(await moneyTaken(reportId)).toEqual({ link: 1, card: 0 });
    expect((await payment.orderBySession(sessionId))?.status).toBe('fulfilled');
    expect(await paidEventsOf(reportId)).toHaveLength(1);
    expect(await automaticRefundsOf(reportId)).toEqual([]);
  });

  it('answers Pay now with nothing due once the card paid the share', async () => {
    const { who, reportId } = await ownerWithShare();
    await collect(who, reportId);
    expect(await moneyTaken(reportId)).toEqual({ link: 0, card: 1 });

    const again = await payShare(who, reportId);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: SHARE_CHECKOUT_MESSAGES.nothingDue });
    expect(await moneyTaken(reportId)).toEqual({ link: 0, card: 1 });
    expect(await ordersOf(reportId)).toHaveLength(1);
  });

  it('takes the money once when the card is charged while the owner pays on the page', async () => {
    const shares = await Promise.all(Array.from({ length: 5 }, () => ownerWithShare()));
    await Promise.all(
      shares.map(async ({ who, reportId }) => {
        const { sessionId } = await payNow(who, reportId);
        await Promise.all([collect(who, reportId), payOnPage(sessionId)]);
      }),
    );
    for (const { reportId } of shares) {
      const taken = await moneyTaken(reportId);
      expect(taken.link + taken.card).toBe(1);
      expect(await paidEventsOf(reportId)).toHaveLength(1);
      expect(await automaticRefundsOf(reportId)).toEqual([]);
    }
  });

  it('takes the money once when Pay now starts while the card is charged', async () => {
    const shares = await Promise.all(Array.from({ length: 5 }, () => ownerWithShare()));
    await Promise.all(
      shares.map(async ({ who, reportId }) => {
        const [opened] = await Promise.all([payShare(who, reportId), collect(who, reportId)]);
        if (opened.status === 200) {
          const { sessionId } = CreateCheckoutSessionResponseSchema.parse(await opened.json());
          await payOnPage(sessionId);
        } else {
          expect(opened.status).toBe(409);
        }
      }),
    );
    for (const { reportId } of shares) {
      expect(await moneyTaken(reportId)).toEqual({ link: 0, card: 1 });
      expect(await paidEventsOf(reportId)).toHaveLength(1);
      expect(await automaticRefundsOf(reportId)).toEqual([]);
    }
  });

  it('answers a card charge whose record failed before the next collection of the share', async () => {
    const { who, reportId } = await ownerWithShare();
    const first = collectionRequest(who, reportId, 1);
    await chargeLeftPending(first);
    expect(await collectionOutcomes(reportId)).toEqual(['pending']);

    // The next attempt of the schedule answers it first (the same key, the same charge) and charges nothing more.
    await deliver('revenue.share.collection-requested', collectionRequest(who, reportId, 2));
    expect((await collectionOutcomes(reportId)).sort()).toEqual(['nothing-due', 'paid']);
    expect(await moneyTaken(reportId)).toEqual({ link: 0, card: 1 });
    expect(await paidEventsOf(reportId)).toHaveLength(1);
    expect(await automaticRefundsOf(reportId)).toEqual([]);
  });
});

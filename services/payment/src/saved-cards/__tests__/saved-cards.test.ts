/**
 * The card on file and the automatic collection of revenue shares on the real payment service
 * (docs/behaviour/revenue-share.md#card-on-file, #automatic-collection): saving a card on the test
 * provider's TEST MODE page (charges nothing), seeing, replacing and removing it (each change announced,
 * `payment.saved-card.changed`, numbered per owner), and each
 * `revenue.share.collection-requested` charged at most once: paid through the one fulfilment
 * (`payment.order.paid`), or answered with `payment.share-collection.failed` (no card, a decline, a hard
 * decline, nothing due), also when the request is delivered again or twice at once.
 */
import { describe, expect, it } from '@jest/globals';
import { MySavedCardSchema, SAVED_CARD_MESSAGES, type TestSavedCardBehaviour } from '@platform/contracts';
import { backings, usePaymentSuite } from '../../__tests__/harness.js';
import { collectionHelpers, owner } from './collection-helpers.js';

describe.each(backings())('the card on file and automatic collection on $name', (factory) => {
  const { payment } = usePaymentSuite(factory);

  const {
    deliver,
    announceDue,
    saveCard,
    myCard,
    verifiedShare,
    collectionRequest,
    paidEventsOf,
    failuresOf,
    ordersOf,
  } = collectionHelpers(() => payment);

  it('asks visitors to sign in, and answers an owner without a card that they may save one', async () => {
    expect((await payment.call('/api/saved-card')).status).toBe(401);
    expect((await payment.call('/api/saved-card/setup', { json: {} })).status).toBe(401);
    expect(await myCard(owner())).toEqual({ card: null, testMode: true, available: true });
  });

  it('refuses a setup that names another page, with the field message', async () => {
    const response = await payment.call('/api/saved-card/setup', {
      caller: owner(),
      json: { returnTo: 'https://evil.example' },
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(SAVED_CARD_MESSAGES.returnTo);
  });

  it('saves, replaces and removes the card, charging nothing, and shows the page to its owner only', async () => {
    const who = owner();
    const url = await saveCard(who, 'pays');
    expect((await myCard(who)).card).toEqual(
      expect.objectContaining({ provider: 'test', brand: 'Visa', last4: '4242', expMonth: 12 }),
    );
    expect((await payment.call(url, { caller: owner() })).status).toBe(404);
    expect((await payment.call('/api/test-card-setup/test_seti_nothing', { caller: who })).status).toBe(404);
    // The used page saves nothing more.
    await payment.call(`${url}/save/declines`, { caller: who, method: 'POST', redirect: 'manual' });
    expect((await myCard(who)).card?.last4).toBe('4242');

    await saveCard(who, 'declines');
    expect((await myCard(who)).card?.last4).toBe('0341');
    expect(await payment.events('payment.order.paid')).toHaveLength(0);

    const removed = await payment.call('/api/saved-card', { caller: who, method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(MySavedCardSchema.parse(await removed.json()).card).toBeNull();
    expect((await myCard(who)).card).toBeNull();
    // Removing again: nothing was on file, nothing more is announced.
    expect((await payment.call('/api/saved-card', { caller: who, method: 'DELETE' })).status).toBe(200);

    // Each change is announced once, numbered in order, with the card on file then (null once removed).
    const announced = (await payment.events('payment.saved-card.changed'))
      .map((event) => event.data)
      .filter((data) => data.userId === who.userId);
    expect(announced).toEqual([
      expect.objectContaining({
        sequence: 1,
        card: { brand: 'Visa', last4: '4242', expMonth: 12, expYear: expect.any(Number) },
      }),
      expect.objectContaining({ sequence: 2, card: expect.objectContaining({ last4: '0341' }) }),
      expect.objectContaining({ sequence: 3, card: null }),
    ]);
  });

  it('collects a due share from the card once, however often the request arrives', async () => {
    const who = owner();
    await saveCard(who, 'pays');
    const reportId = await verifiedShare(who);
    const request = collectionRequest(who, reportId);
    await Promise.all([
      deliver('revenue.share.collection-requested', request),
      deliver('revenue.share.collection-requested', request),
    ]);
    await deliver('revenue.share.collection-requested', request);

    const paid = await paidEventsOf(reportId);
    expect(paid).toHaveLength(1);
    expect(paid[0]!.data).toEqual(
      // It names the attempt it answers.
      expect.objectContaining({
        total: 12_345,
        placedByUserId: who.userId,
        email: who.email,
        collectionId: request.collectionId,
      }),
    );
    const made = await ordersOf(reportId);
    expect(made.map((order) => order.status)).toEqual(['fulfilled']);
    expect(await failuresOf(reportId)).toHaveLength(0);
  });

  it('answers a declined, a hard-declined and a missing card with a failure, charging nothing', async () => {
    const cases: Array<[TestSavedCardBehaviour | null, string, string]> = [
      ['declines', 'declined', 'Your card has insufficient funds.'],
      ['hard-declines', 'hard-decline', 'Your card has expired.'],
      [null, 'no-card', ''],
    ];
    for (const [card, reason, message] of cases) {
      const who = owner();
      if (card) await saveCard(who, card);
      const reportId = await verifiedShare(who);
      const request = collectionRequest(who, reportId, 2);
      await deliver('revenue.share.collection-requested', request);
      await deliver('revenue.share.collection-requested', request);
      const failures = await failuresOf(reportId);
      expect(failures.map((event) => event.data)).toEqual([
        expect.objectContaining({ collectionId: request.collectionId, attempt: 2, reason, message }),
      ]);
      expect(await paidEventsOf(reportId)).toHaveLength(0);
      expect((await ordersOf(reportId)).map((order) => order.status)).toEqual(card ? ['failed'] : []);
    }
  });

  it("charges nothing when the share was paid meanwhile, answering the attempt 'not-needed' once", async () => {
    const who = owner();
    await saveCard(who, 'pays');
    const reportId = await verifiedShare(who);
    await announceDue(who, reportId, 0, 3);
    const request = collectionRequest(who, reportId);
    await deliver('revenue.share.collection-requested', request);
    await deliver('revenue.share.collection-requested', request);
    expect(await ordersOf(reportId)).toHaveLength(0);
    // Answered, so the revenue service goes on with whatever it still finds owed.
    expect((await failuresOf(reportId)).map((event) => event.data)).toEqual([
      expect.objectContaining({ collectionId: request.collectionId, attempt: 1, reason: 'not-needed' }),
    ]);
  });
});

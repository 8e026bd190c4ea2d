/**
 * The card on file with Stripe configured (docs/decisions.md, 89), against the Stripe test peer the
 * provider's tests use: saving opens a Checkout Session in setup mode for a customer of the owner's
 * (nothing charged); Stripe's return keeps the card Stripe says was saved; a collection request is an
 * off-session PaymentIntent keyed by its collection id (a redelivery charges nothing more), and Stripe's
 * card errors are a decline the schedule retries or a hard decline. A share's 'Pay now' session is expired
 * before the card is charged (also one whose page was still being made), and one paid first is the
 * share's only payment: the card is not charged (the attempt answered 'not-needed'). A charge the revenue
 * service refused is refunded at Stripe once, answering its attempt. A charge whose record failed, settled
 * after Stripe forgot its key, is looked up at Stripe, not made again.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  CreateCheckoutSessionResponseSchema,
  SHARE_CHECKOUT_MESSAGES,
  SavedCardSetupResponseSchema,
} from '@platform/contracts';
import { HOUR } from '@platform/service-kit/clock';
import { waitFor } from '@platform/service-kit/testing';
import { eq } from 'drizzle-orm';
import { automaticRefunds } from '../../db/schema.js';
import { backings, startPayment, type Backing, type PaymentUnderTest } from '../../__tests__/harness.js';
import { startRecordingServer, type RecordedRequest } from '../../providers/__tests__/recording-server.js';
import {
  FakeStripeApi,
  STRIPE_KEY,
  type FakePaymentMethod,
} from '../../providers/stripe/__tests__/fake-stripe-api.js';
import { shareCollections } from '../saved-cards.tables.js';
import { collectionHelpers, owner, type UserCaller } from './collection-helpers.js';

const SITE = 'https://shop.example';

/** The fake Stripe, where the one request `hold` picks waits for its answer until it is released. */
class HoldingStripeApi extends FakeStripeApi {
  private held: {
    matches: (request: RecordedRequest) => boolean;
    arrived: () => void;
    gate: Promise<void>;
  } | null = null;

  hold(matches: (request: RecordedRequest) => boolean) {
    let release!: () => void;
    let arrived!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    this.held = { matches, arrived, gate };
    return { arrival, release };
  }

  override async listen(): Promise<void> {
    this.server = await startRecordingServer(async (request) => {
      const held = this.held;
      if (held?.matches(request)) {
        this.held = null;
        held.arrived();
        await held.gate;
      }
      return this.answer(request);
    });
  }
}

describe.each(backings())('the card on file with Stripe on $name', (factory) => {
  let backing: Backing;
  let api: HoldingStripeApi;
  let payment: PaymentUnderTest;

  beforeAll(async () => {
    api = await HoldingStripeApi.start();
    backing = await factory.create();
    payment = await startPayment(backing, {
      env: {
        STRIPE_SECRET_KEY: STRIPE_KEY,
        STRIPE_WEBHOOK_SECRET: 'whsec_saved_cards_suite',
        STRIPE_API_BASE: api.url,
        PUBLIC_BASE_URL: SITE,
      },
    });
  });

  afterAll(async () => {
    await payment?.stop();
    await backing?.cleanup();
    await api?.close();
  });

  const {
    publish,
    deliver,
    whileCardRecordFails,
    chargeLeftPending,
    myCard,
    verifiedShare,
    collectionRequest,
    paidEventsOf,
    failuresOf,
    ordersOf,
  } = collectionHelpers(() => payment);

  /** The owner opens Stripe's setup page, enters `method` and comes back. */
  async function saveCard(who: UserCaller, method: FakePaymentMethod) {
    const setup = await payment.call('/api/saved-card/setup', {
      caller: who,
      json: { returnTo: 'dashboard' },
    });
    expect(setup.status).toBe(200);
    const { url } = SavedCardSetupResponseSchema.parse(await setup.json());
    const sessionId = url.split('/').at(-1)!;
    const session = api.session(sessionId);
    expect(session).toEqual(
      expect.objectContaining({
        mode: 'setup',
        success_url: `${SITE}/api/saved-card/return?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${SITE}/dashboard?card=cancelled`,
      }),
    );
    expect(api.customers.get(session.customer!)?.email).toBe(who.email);
    // Not yet entered: Stripe's return says so, and nothing is kept.
    const early = await payment.call(`/api/saved-card/return?session_id=${sessionId}`, {
      caller: who,
      redirect: 'manual',
    });
    expect(early.headers.get('location')).toBe('/dashboard?card=failed');
    api.completeSetup(sessionId, method);
    const back = await payment.call(`/api/saved-card/return?session_id=${sessionId}`, {
      caller: who,
      redirect: 'manual',
    });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/dashboard?card=saved');
    return sessionId;
  }

  const payShare = (who: UserCaller, reportId: string) =>
    payment.call('/api/revenue-share-checkout', { caller: who, json: { reportId } });

  /** Stripe's charges of the owner's card on file (`setupId`: the session that saved it). */
  const cardChargesOf = (setupId: string) =>
    api.charges.filter((charge) => charge.customer === api.session(setupId).customer);

  /** The share's 'Pay now' sessions Stripe holds, by the orders of the report. */
  async function shareSessionsOf(reportId: string) {
    const ids = new Set((await ordersOf(reportId)).map((order) => order.id));
    return [...api.sessions.values()].filter(
      (session) => session.mode === 'payment' && ids.has(session.metadata.orderId ?? ''),
    );
  }

  it('saves the card Stripe says was entered, for its owner only, charging nothing', async () => {
    const who = owner();
    expect(await myCard(who)).toEqual({ card: null, testMode: false, available: true });
    const sessionId = await saveCard(who, 'pm_card_visa');
    expect((await myCard(who)).card).toEqual(
      expect.objectContaining({
        provider: 'stripe',
        brand: 'Visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2034,
      }),
    );
    const stranger = owner();
    const theirs = await payment.call(`/api/saved-card/return?session_id=${sessionId}`, {
      caller: stranger,
      redirect: 'manual',
    });
    expect(theirs.headers.get('location')).toBe('/revenue-report?card=failed');
    expect((await myCard(stranger)).card).toBeNull();
    expect(api.charges).toHaveLength(0);
  });

  it('charges a due share off-session once, keyed by the collection', async () => {
    const who = owner();
    await saveCard(who, 'pm_card_visa');
    const reportId = await verifiedShare(who, 50_000);
    const request = collectionRequest(who, reportId, 1, 50_000);
    await deliver('revenue.share.collection-requested', request);
    await deliver('revenue.share.collection-requested', request);
    const charges = api.charges.filter(
      (charge) => charge.payment_method === 'pm_card_visa' && charge.amount === 50_000,
    );
    expect(charges).toHaveLength(1);
    const [paid] = await paidEventsOf(reportId);
    expect(paid?.data).toEqual(expect.objectContaining({ provider: 'stripe', total: 50_000 }));
    expect(
      api.server.requestsTo('/v1/payment_intents', 'POST').map((sent) => sent.headers['idempotency-key']),
    ).toContain(`collect:${request.collectionId}`);
  });

  it('answers an insufficient-funds decline as retried, an expired card as a hard decline', async () => {
    for (const [method, reason] of [
      ['pm_card_visa_chargeDeclinedInsufficientFunds', 'declined'],
      ['pm_card_chargeDeclinedExpiredCard', 'hard-decline'],
    ] as const) {
      const who = owner();
      await saveCard(who, method);
      const reportId = await verifiedShare(who);
      await deliver('revenue.share.collection-requested', collectionRequest(who, reportId));
      expect((await failuresOf(reportId)).map((event) => event.data.reason)).toEqual([reason]);
      expect(await paidEventsOf(reportId)).toHaveLength(0);
    }
  });

  it('expires an open Pay now session before charging the card, so the share is paid once', async () => {
    const who = owner();
    const setupId = await saveCard(who, 'pm_card_visa');
    const reportId = await verifiedShare(who, 40_000);
    const opened = await payShare(who, reportId);
    expect(opened.status).toBe(200);
    const { sessionId } = CreateCheckoutSessionResponseSchema.parse(await opened.json());

    await deliver('revenue.share.collection-requested', collectionRequest(who, reportId, 1, 40_000));
    expect(api.session(sessionId)).toEqual(
      expect.objectContaining({ status: 'expired', payment_intent: null }),
    );
    expect(cardChargesOf(setupId).map((charge) => charge.amount)).toEqual([40_000]);
    expect(await paidEventsOf(reportId)).toHaveLength(1);
    expect((await ordersOf(reportId)).map((order) => order.status).sort()).toEqual(['failed', 'fulfilled']);
  });

  it('charges no card when the Pay now session was paid first', async () => {
    const who = owner();
    const setupId = await saveCard(who, 'pm_card_visa');
    const reportId = await verifiedShare(who, 40_000);
    const opened = await payShare(who, reportId);
    const { sessionId } = CreateCheckoutSessionResponseSchema.parse(await opened.json());
    api.pay(sessionId);

    await deliver('revenue.share.collection-requested', collectionRequest(who, reportId, 1, 40_000));
    expect(cardChargesOf(setupId)).toEqual([]);
    expect((await payment.orderBySession(sessionId))?.status).toBe('fulfilled');
    expect(await paidEventsOf(reportId)).toHaveLength(1);
    // The attempt is answered all the same: it took nothing.
    expect((await failuresOf(reportId)).map((event) => event.data.reason)).toEqual(['not-needed']);
  });

  it("refunds at Stripe, once, a charge the revenue service refused, and answers its attempt 'not-needed'", async () => {
    const who = owner();
    await saveCard(who, 'pm_card_visa');
    const reportId = await verifiedShare(who, 40_000);
    await deliver('revenue.share.collection-requested', collectionRequest(who, reportId, 1, 40_000));
    const [order] = await ordersOf(reportId);
    expect(order?.status).toBe('fulfilled');
    // The admin recorded part of the share meanwhile: the revenue service refuses the charge as more than due.
    const refusal = {
      orderId: order!.id,
      reportId,
      userId: who.userId,
      amount: 40_000,
      reason: 'more-than-due' as const,
      refusedAt: payment.clock.now().toISOString(),
    };
    await deliver('revenue.share-payment.refused', refusal);
    await waitFor(
      () => payment.order(order!.id),
      (row) => row?.status === 'refunded',
      'the automatic refund',
    );
    await deliver('revenue.share-payment.refused', refusal);
    expect(
      api.refunds
        .filter((refund) => refund.payment_intent === order!.providerPaymentId)
        .map((refund) => refund.amount),
    ).toEqual([40_000]);
    expect((await failuresOf(reportId)).map((event) => event.data.reason)).toEqual(['not-needed']);
  });

  it('closes a Pay now session whose page was still being made when the card was charged', async () => {
    const who = owner();
    const setupId = await saveCard(who, 'pm_card_visa');
    const reportId = await verifiedShare(who, 40_000);
    const { arrival, release } = api.hold(
      (request) =>
        request.method === 'POST' &&
        request.path === '/v1/checkout/sessions' &&
        new URLSearchParams(request.body).get('mode') === 'payment',
    );
    const opening = payShare(who, reportId);
    await arrival;
    await deliver('revenue.share.collection-requested', collectionRequest(who, reportId, 1, 40_000));
    release();

    const opened = await opening;
    expect(opened.status).toBe(409);
    expect(await opened.json()).toEqual({ message: SHARE_CHECKOUT_MESSAGES.nothingDue });
    const sessions = await shareSessionsOf(reportId);
    expect(sessions.map((session) => session.status)).toEqual(['expired']);
    expect(cardChargesOf(setupId).map((charge) => charge.amount)).toEqual([40_000]);
    expect(await paidEventsOf(reportId)).toHaveLength(1);
  });

  it('never lets the owner pay a share by link while a card charge of it is unrecorded', async () => {
    const who = owner();
    const setupId = await saveCard(who, 'pm_card_visa');
    const reportId = await verifiedShare(who, 40_000);
    const request = collectionRequest(who, reportId, 1, 40_000);
    await whileCardRecordFails(reportId, async () => {
      await publish('revenue.share.collection-requested', request);
      await waitFor(
        async () => cardChargesOf(setupId).length,
        (count) => count > 0,
        'Stripe to charge the card',
      );
      // Stripe took the money, nothing here says so yet: the owner presses Pay now and pays on the page.
      const opened = await payShare(who, reportId);
      if (opened.status === 200) {
        const { sessionId } = CreateCheckoutSessionResponseSchema.parse(await opened.json());
        api.pay(sessionId);
        await payment.call(`/api/revenue-share-checkout/return?session_id=${sessionId}`, {
          caller: who,
          redirect: 'manual',
        });
      }
    });

    // Once the database is back, the card charge is what paid the share, and the only money kept.
    const again = await payShare(who, reportId);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: SHARE_CHECKOUT_MESSAGES.nothingDue });
    expect(cardChargesOf(setupId).map((charge) => charge.amount)).toEqual([40_000]);
    const refunded = new Set(
      (await payment.service.deps.db.select().from(automaticRefunds)).map((refund) => refund.id),
    );
    const keptByLink = (await shareSessionsOf(reportId)).filter(
      (session) => session.payment_status === 'paid' && !refunded.has(session.metadata.orderId ?? ''),
    );
    expect(keptByLink).toEqual([]);
    expect(await paidEventsOf(reportId)).toHaveLength(1);
    const outcomes = await payment.service.deps.db
      .select({ outcome: shareCollections.outcome })
      .from(shareCollections)
      .where(eq(shareCollections.reportId, reportId));
    expect(outcomes).toEqual([{ outcome: 'paid' }]);
  });

  it('a share Stripe charged while its record failed, settled 25 hours later (its key forgotten), is charged once', async () => {
    const who = owner();
    const setupId = await saveCard(who, 'pm_card_visa');
    const reportId = await verifiedShare(who, 40_000);
    const request = collectionRequest(who, reportId, 1, 40_000);
    // The queue's attempt charged the card and then failed to record it.
    await chargeLeftPending(request);
    expect(cardChargesOf(setupId).map((charge) => charge.amount)).toEqual([40_000]);

    // The service was down for a day: Stripe no longer knows the collection's idempotency key.
    payment.clock.advance(25 * HOUR);
    api.forgetIdempotencyKeys();
    const opened = await payShare(who, reportId);
    expect(opened.status).toBe(409);
    expect(await opened.json()).toEqual({ message: SHARE_CHECKOUT_MESSAGES.nothingDue });
    expect(cardChargesOf(setupId).map((charge) => charge.amount)).toEqual([40_000]);
    expect(await paidEventsOf(reportId)).toHaveLength(1);
    const [collection] = await payment.service.deps.db
      .select()
      .from(shareCollections)
      .where(eq(shareCollections.collectionId, request.collectionId));
    expect(collection).toMatchObject({ outcome: 'paid', pendingCharge: null });
  });
});

/**
 * One per person (docs/behaviour/checkout-and-payments.md#one-per-person): a one-time product is a line of
 * one, checkout refuses what the account already has (409), and checkouts opened before any was paid, paid
 * at once on the test provider or on Stripe's test peer, leave one fulfilled order; the others are refunded
 * automatically through the same provider, with no second `payment.order.paid`.
 */
import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { COURSE_PRODUCT_ID, MyPurchasesSchema, type Caller } from '@platform/contracts';
import { waitFor } from '@platform/service-kit/testing';
import { eq } from 'drizzle-orm';
import { ownedProducts, testCheckoutSessions } from '../../db/schema.js';
import type { FakeStripeApi } from '../../providers/stripe/__tests__/fake-stripe-api.js';
import { deliverStripeEvent, useStripeSuite } from '../../providers/stripe/__tests__/stripe-suite.js';
import { ADMIN, BILLING, backings, type PaymentUnderTest, usePaymentSuite } from '../../__tests__/harness.js';
import { ALREADY_OWNED_PROBLEM } from '../fulfil-order.js';
import { CATALOGUE_WITH_MEMBERSHIPS } from './membership-plans.js';

const PARALLEL = 6;
const CONSULTATION = [{ id: 'restaurant-consultation', quantity: 1 }];

const freshEmail = () => `buyer-${randomUUID().slice(0, 8)}@example.com`;

function userWith(email: string): Caller {
  return { kind: 'user', userId: `user-${randomUUID()}`, email, role: 'user' };
}

/** Every order of the account, by status. */
async function statusesOf(payment: PaymentUnderTest, sessionIds: string[]) {
  const rows = await Promise.all(sessionIds.map((id) => payment.orderBySession(id)));
  const count = (status: string) => rows.filter((row) => row?.status === status).length;
  return { fulfilled: count('fulfilled'), refunded: count('refunded'), rows };
}

/**
 * Waits until the orders of `sessionIds` settle as one fulfilled and `refunded` refunded (`what` names the
 * wait if they never do): their rows, ids and the fulfilled one.
 */
async function settledAsOneFulfilled(
  payment: PaymentUnderTest,
  sessionIds: string[],
  refunded: number,
  what: string,
) {
  const { rows } = await waitFor(
    () => statusesOf(payment, sessionIds),
    (state) => state.fulfilled === 1 && state.refunded === refunded,
    what,
  );
  return {
    rows,
    orderIds: rows.map((row) => row!.id),
    winner: rows.find((row) => row?.status === 'fulfilled')!,
  };
}

async function eventsFor(payment: PaymentUnderTest, type: string, orderIds: string[]) {
  return (await payment.events(type)).filter((event) => orderIds.includes(String(event.data.orderId)));
}

describe.each(backings())('one per person with the test provider on $name', (factory) => {
  const { payment } = usePaymentSuite(factory, { catalogue: CATALOGUE_WITH_MEMBERSHIPS });

  const startCard = (items: unknown[], email: string, caller?: Caller) =>
    payment.call('/api/create-checkout-session', {
      caller,
      json: { items, billingInfo: { ...BILLING, email } },
    });

  const pay = (sessionId: string) => payment.call(`/api/test-checkout/${sessionId}/pay`, { method: 'POST' });
  /** Pays the test session and waits for its order to be fulfilled; `what` names it if it never is. */
  const payAndFulfil = async (sessionId: string, what: string) => {
    await pay(sessionId);
    return waitFor(
      () => payment.orderBySession(sessionId),
      (row) => row?.status === 'fulfilled',
      what,
    );
  };

  it('refuses a one-time product in a quantity other than 1 (400), storing nothing', async () => {
    const before = (await payment.counts()).orders;
    for (const items of [
      [{ id: COURSE_PRODUCT_ID, quantity: 5 }],
      [
        { id: 'restaurant-consultation', quantity: 1 },
        { id: 'restaurant-consultation', quantity: 1 },
      ],
    ]) {
      const response = await startCard(items, freshEmail());
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        message: expect.stringMatching(/is bought once per person, so its quantity must be 1\.$/),
      });
    }
    const wallet = await payment.call('/api/paypal/order', {
      json: {
        intent: 'CAPTURE',
        amount: 3485,
        currency: 'USD',
        billingInfo: BILLING,
        items: [{ id: COURSE_PRODUCT_ID, quantity: 5 }],
      },
    });
    expect(wallet.status).toBe(400);
    expect(await wallet.json()).toEqual({
      message: 'The Restaurant Management Mastery is bought once per person, so its quantity must be 1.',
    });
    // An included product costs nothing, so its quantity is not limited.
    expect(
      (
        await startCard(
          [
            { id: 'restaurant-consultation', quantity: 1 },
            { id: 'menu-optimization', quantity: 2 },
          ],
          freshEmail(),
        )
      ).status,
    ).toBe(200);
    expect((await payment.counts()).orders).toBe(before + 1);
  });

  it(`fulfils one of ${PARALLEL} checkouts paid at once for one guest e-mail and refunds the others`, async () => {
    const email = freshEmail();
    const sessions: string[] = [];
    for (let index = 0; index < PARALLEL; index += 1) {
      const response = await startCard(CONSULTATION, email);
      expect(response.status).toBe(200);
      sessions.push(((await response.json()) as { sessionId: string }).sessionId);
    }
    const paid = await Promise.all(sessions.map(pay));
    expect(paid.map((response) => response.status)).toEqual(sessions.map(() => 303));

    const { rows, orderIds, winner } = await settledAsOneFulfilled(
      payment,
      sessions,
      PARALLEL - 1,
      'one fulfilled order and automatic refunds of the rest',
    );
    expect(await eventsFor(payment, 'payment.order.paid', orderIds)).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ orderId: winner.id, email }) }),
    ]);
    const refunds = await eventsFor(payment, 'payment.order.refunded', orderIds);
    expect(refunds).toHaveLength(PARALLEL - 1);
    for (const refund of refunds) {
      expect(refund.data).toMatchObject({ amount: 69700, automatic: true, alreadyOwned: true, email });
      expect(refund.data.orderId).not.toBe(winner.id);
    }
    for (const row of rows.filter((candidate) => candidate?.status === 'refunded')) {
      expect(row).toMatchObject({ problem: ALREADY_OWNED_PROBLEM, fulfilledAt: null });
      expect(row!.refundReason).toMatch(/^Automatic: the account already owned restaurant-consultation/);
      const [session] = await payment.service.deps.db
        .select()
        .from(testCheckoutSessions)
        .where(eq(testCheckoutSessions.id, row!.providerSessionId!));
      expect(session?.refundId).toMatch(/^test_re_/);
    }
    expect(
      await payment.service.deps.db.select().from(ownedProducts).where(eq(ownedProducts.accountEmail, email)),
    ).toEqual([expect.objectContaining({ productId: 'restaurant-consultation', orderId: winner.id })]);

    // A late webhook or the confirmation page for a refunded one grants nothing and says why.
    const loser = rows.find((row) => row?.status === 'refunded')!;
    const grant = await payment.call('/api/grant-course-access', {
      json: { session_id: loser.providerSessionId },
    });
    expect(grant.status).toBe(402);
    expect(await grant.json()).toEqual({
      success: false,
      status: 'refunded',
      alreadyOwned: true,
      message:
        'You already had this purchase when this payment arrived, so it is refunded in full automatically.',
    });
    const winnerGrant = await payment.call('/api/grant-course-access', {
      json: { session_id: winner.providerSessionId },
    });
    expect(await winnerGrant.json()).toMatchObject({
      success: true,
      productIds: ['restaurant-consultation'],
    });
    expect(await eventsFor(payment, 'payment.order.paid', orderIds)).toHaveLength(1);
  });

  it('settles two carts of the same products in opposite orders, paid at once: one fulfilled', async () => {
    const email = freshEmail();
    const carts = [
      [
        { id: COURSE_PRODUCT_ID, quantity: 1 },
        { id: 'restaurant-consultation', quantity: 1 },
      ],
      [
        { id: 'restaurant-consultation', quantity: 1 },
        { id: COURSE_PRODUCT_ID, quantity: 1 },
      ],
    ];
    const sessions: string[] = [];
    for (const items of carts) {
      const response = await startCard(items, email);
      sessions.push(((await response.json()) as { sessionId: string }).sessionId);
    }
    await Promise.all(sessions.map(pay));
    const { orderIds } = await settledAsOneFulfilled(
      payment,
      sessions,
      1,
      'one fulfilled cart and one refunded',
    );
    expect(await eventsFor(payment, 'payment.order.paid', orderIds)).toHaveLength(1);
  });

  it('answers 409 to a guest e-mail or an account that already has the product, card or wallet', async () => {
    const email = freshEmail();
    const { sessionId } = await payment.checkout(CONSULTATION, { ...BILLING, email });
    await payAndFulfil(sessionId, 'the first purchase');
    const before = (await payment.counts()).orders;

    const guest = await startCard(CONSULTATION, email.toUpperCase());
    expect(guest.status).toBe(409);
    expect(await guest.json()).toEqual({
      message: `The Restaurant Consultation was already bought with ${email}, so there is nothing to pay. Sign in with that e-mail address to use it.`,
    });
    const owner = userWith(email);
    // Signed in, whatever billing e-mail is typed: the purchase would go to the same account.
    const signedIn = await startCard(CONSULTATION, freshEmail(), owner);
    expect(signedIn.status).toBe(409);
    const onAccount =
      'You already have the Restaurant Consultation on your account, so there is nothing to pay. Open your dashboard to use it.';
    expect(await signedIn.json()).toEqual({ message: onAccount });
    const wallet = await payment.call('/api/paypal/order', {
      caller: owner,
      json: { intent: 'CAPTURE', amount: 697, currency: 'USD', billingInfo: BILLING, items: CONSULTATION },
    });
    expect(wallet.status).toBe(409);
    expect(await wallet.json()).toEqual({ message: onAccount });
    expect((await payment.counts()).orders).toBe(before);

    // The course is another product: still for sale to them.
    expect((await startCard([{ id: COURSE_PRODUCT_ID, quantity: 1 }], email)).status).toBe(200);
  });

  it('tells a signed-in account what it has bought, and a visitor nothing (401)', async () => {
    const email = freshEmail();
    const { sessionId } = await payment.checkout(CONSULTATION, { ...BILLING, email });
    await payAndFulfil(sessionId, 'the purchase');
    // Opened but never paid: not bought.
    await startCard([{ id: COURSE_PRODUCT_ID, quantity: 1 }], email);

    const mine = await payment.call('/api/payment/my-purchases', { caller: userWith(email.toUpperCase()) });
    expect(mine.status).toBe(200);
    expect(MyPurchasesSchema.parse(await mine.json())).toEqual({ productIds: ['restaurant-consultation'] });
    const someoneElse = await payment.call('/api/payment/my-purchases', { caller: userWith(freshEmail()) });
    expect(await someoneElse.json()).toEqual({ productIds: [] });
    expect((await payment.call('/api/payment/my-purchases')).status).toBe(401);
  });

  it('answers 409 to a signed-in buyer who bought under another billing e-mail, until it is refunded', async () => {
    const buyer = userWith(freshEmail());
    const response = await startCard([{ id: COURSE_PRODUCT_ID, quantity: 1 }], freshEmail(), buyer);
    const { sessionId } = (await response.json()) as { sessionId: string };
    const order = await payAndFulfil(sessionId, 'the purchase');
    expect(order?.accountEmail).toBe(buyer.kind === 'user' ? buyer.email : '');
    expect((await startCard([{ id: COURSE_PRODUCT_ID, quantity: 1 }], freshEmail(), buyer)).status).toBe(409);

    const refund = await payment.call(`/api/admin/orders/${order!.id}/refund`, { caller: ADMIN, json: {} });
    expect(refund.status).toBe(200);
    // Refunded, it is theirs no more: they may buy it again.
    expect((await startCard([{ id: COURSE_PRODUCT_ID, quantity: 1 }], freshEmail(), buyer)).status).toBe(200);
  });

  it('answers 409 to a member starting the membership plan they have again; another plan is for sale', async () => {
    const member = userWith(freshEmail());
    const response = await startCard([{ id: 'membership-monthly', quantity: 1 }], freshEmail(), member);
    const { sessionId } = (await response.json()) as { sessionId: string };
    await payAndFulfil(sessionId, 'the plan');
    const again = await startCard([{ id: 'membership-monthly', quantity: 1 }], freshEmail(), member);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      message:
        'You already have the Monthly Membership on your account, so there is nothing to pay. Open your dashboard to use it.',
    });
    expect((await startCard([{ id: 'membership-annual', quantity: 1 }], freshEmail(), member)).status).toBe(
      200,
    );
  });

  it('fulfils one of two checkouts of one plan paid at once for a member, and refunds the other', async () => {
    const member = userWith(freshEmail());
    const sessions: string[] = [];
    for (let index = 0; index < 2; index += 1) {
      const response = await startCard([{ id: 'membership-monthly', quantity: 1 }], freshEmail(), member);
      expect(response.status).toBe(200);
      sessions.push(((await response.json()) as { sessionId: string }).sessionId);
    }
    const paid = await Promise.all(sessions.map(pay));
    expect(paid.map((response) => response.status)).toEqual([303, 303]);
    const { orderIds } = await settledAsOneFulfilled(
      payment,
      sessions,
      1,
      'one plan fulfilled and the other refunded',
    );
    expect(await eventsFor(payment, 'payment.order.paid', orderIds)).toHaveLength(1);
    const [refund] = await eventsFor(payment, 'payment.order.refunded', orderIds);
    expect(refund?.data).toMatchObject({ amount: 2999, automatic: true, alreadyOwned: true });
  });
});

describe.each(backings())("one per person with Stripe's test peer on $name", (factory) => {
  let payment: PaymentUnderTest;
  const WEBHOOK_SECRET = 'whsec_one_per_person_secret';
  let api: FakeStripeApi;
  useStripeSuite(factory, { webhookSecret: WEBHOOK_SECRET }, (started) => ({ api, payment } = started));

  const completed = (sessionId: string) =>
    deliverStripeEvent(payment, WEBHOOK_SECRET, 'checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      payment_status: 'paid',
    });

  it(`fulfils one of ${PARALLEL} sessions paid for one account, refunds the rest through Stripe, and refuses a new one`, async () => {
    const email = freshEmail();
    const sessions: string[] = [];
    for (let index = 0; index < PARALLEL; index += 1) {
      sessions.push((await payment.checkout(CONSULTATION, { ...BILLING, email })).sessionId);
    }
    const intents = sessions.map((sessionId) => api.pay(sessionId));
    const outcomes = await Promise.all(sessions.map(completed));
    expect(outcomes.filter((outcome) => outcome === 'fulfilled')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'already-owned')).toHaveLength(PARALLEL - 1);
    // The provider's late webhook, sent again, changes nothing.
    expect(await completed(sessions[0]!)).toMatch(/^(already-fulfilled|already-owned)$/);

    const { winner, orderIds } = await settledAsOneFulfilled(
      payment,
      sessions,
      PARALLEL - 1,
      'the automatic refunds through Stripe',
    );
    const refundedIntents = api.refunds.map((refund) => refund.payment_intent);
    expect(refundedIntents).toHaveLength(PARALLEL - 1);
    expect(new Set(refundedIntents)).toEqual(
      new Set(intents.filter((intent) => intent !== winner.providerPaymentId)),
    );
    for (const refund of api.refunds) expect(refund.amount).toBe(69700);
    expect(await eventsFor(payment, 'payment.order.paid', orderIds)).toHaveLength(1);
    expect(await eventsFor(payment, 'payment.order.refunded', orderIds)).toHaveLength(PARALLEL - 1);

    const again = await payment.call('/api/create-checkout-session', {
      json: { items: CONSULTATION, billingInfo: { ...BILLING, email } },
    });
    expect(again.status).toBe(409);
  });
});

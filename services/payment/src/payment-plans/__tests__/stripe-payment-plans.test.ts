/**
 * Flexible Payments with Stripe configured (docs/behaviour/checkout-and-payments.md#payment-plan;
 * docs/decisions.md, 113), against the fake Stripe API: the checkout charges $532.33 in payment mode and
 * keeps the card (`setup_future_usage: off_session`, a customer created); the fulfilment puts that card on
 * file; the job charges the next instalment off-session on its due date, once with two replicas (on
 * PostgreSQL) and with its attempt as the idempotency key; a soft decline is retried and pauses the plan
 * after the grace, an authentication-required one is not retried and asks the buyer to pay; the rest paid
 * early is one charge; a refund returns every payment made, each through Stripe, once: tried again after
 * it failed part-way, after Stripe forgot its idempotency keys, or asked twice at once; a charge Stripe made
 * whose record failed (the database down at that moment) is asked again with its own key before the
 * instalment is charged another way or refunded, or looked up at Stripe when found after Stripe forgot the
 * key.
 */
import { describe, expect, it } from '@jest/globals';
import { ADMIN, BILLING, backings, newSignedInBuyer } from '../../__tests__/harness.js';
import {
  MyOrderListSchema,
  PAYMENT_PLAN_MESSAGES,
  SavedCardSetupResponseSchema,
  type Caller,
} from '@platform/contracts';
import { DAY, HOUR } from '@platform/service-kit/clock';
import { withInsertTrigger } from '@platform/service-kit/testing';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import {
  STRIPE_KEY,
  error,
  type FakePaymentMethod,
} from '../../providers/stripe/__tests__/fake-stripe-api.js';
import { apiBaseOptions } from '../../providers/stripe/stripe-provider.js';
import { deliverSessionPaid, useStripePlanSuite } from '../../providers/stripe/__tests__/stripe-suite.js';
import { cardAsked } from '../../saved-cards/pending-charge.js';
import { findSavedCard } from '../../saved-cards/saved-cards.repository.js';
import { PLAN_INSTALMENTS_JOB, collectDueInstalments } from '../charge-instalments.js';
import { listInstalments } from '../payment-plans.repository.js';
import { planCharges } from '../payment-plans.tables.js';
import { markPendingCharge } from '../pending-charges.js';
import { PLAN } from './plan-product.js';

const WEBHOOK_SECRET = 'whsec_payment_plan_suite';
type Buyer = Caller & { kind: 'user' };

describe.each(backings())('payment plans with Stripe on $name', (factory) => {
  const { api, payment, replica } = useStripePlanSuite(factory, WEBHOOK_SECRET);

  const completed = (sessionId: string) => deliverSessionPaid(payment, WEBHOOK_SECRET, sessionId);

  /** The buyer checks out the plan and pays $532.33 on Stripe's page with `method`; the webhook fulfils it. */
  async function buyPlan(buyer: Buyer, method: FakePaymentMethod = 'pm_card_visa') {
    const response = await payment.call('/api/create-checkout-session', {
      caller: buyer,
      json: { items: [{ id: PLAN.id, quantity: 1 }], billingInfo: BILLING },
    });
    expect(response.status).toBe(200);
    const { sessionId } = (await response.json()) as { sessionId: string };
    const intentId = api.pay(sessionId, 'succeeded', 'paid', method);
    expect(await completed(sessionId)).toBe('fulfilled');
    const order = await payment.orderBySession(sessionId);
    expect(order).toMatchObject({ status: 'fulfilled', total: 53_233, providerPaymentId: intentId });
    return { order: order!, sessionId, intentId };
  }

  /** The buyer saves another card on Stripe's setup page (the card page), replacing the one on file. */
  async function replaceCard(buyer: Buyer, method: FakePaymentMethod) {
    const setup = await payment.call('/api/saved-card/setup', { caller: buyer, json: {} });
    expect(setup.status).toBe(200);
    const sessionId = SavedCardSetupResponseSchema.parse(await setup.json())
      .url.split('/')
      .at(-1)!;
    api.completeSetup(sessionId, method);
    const back = await payment.call(`/api/saved-card/return?session_id=${sessionId}`, {
      caller: buyer,
      redirect: 'manual',
    });
    expect(back.status).toBe(303);
  }

  const planOf = async (buyer: Buyer, orderId: string) => {
    const response = await payment.call('/api/orders', { caller: buyer });
    expect(response.status).toBe(200);
    return MyOrderListSchema.parse(await response.json()).orders.find((row) => row.id === orderId)!
      .paymentPlan!;
  };

  const eventsOf = async (type: string, orderId: string) =>
    (await payment.events(type)).filter((event) => event.data.orderId === orderId);

  /** Off-session charges Stripe made for the customer on file of `buyer`. */
  const chargesOf = async (buyer: Buyer) => {
    const card = await findSavedCard(payment.service.deps.db, buyer.userId);
    return api.charges.filter((charge) => charge.customer === card?.providerCustomerId);
  };

  /** When `buyer`'s second instalment of `orderId` falls due. */
  const secondDueOf = async (buyer: Buyer, orderId: string) =>
    new Date((await planOf(buyer, orderId)).instalments[1]!.dueAt);

  /** Moves service time just past `buyer`'s second instalment of `orderId`: when it fell due. */
  async function pastSecondDue(buyer: Buyer, orderId: string) {
    const due = await secondDueOf(buyer, orderId);
    payment.clock.set(new Date(due.getTime() + 1000).toISOString());
    return due;
  }

  /** 'Pay now' for what is due. */
  const payDue = (buyer: Buyer, orderId: string) =>
    payment.call(`/api/orders/${orderId}/payment-plan/pay-due`, { caller: buyer, method: 'POST' });

  /** The card on file of `buyer` is gone at Stripe (detached in its dashboard): Stripe refuses its next `times` charges. */
  async function cardGoneAtStripe(buyer: Buyer, times = 1) {
    const customer = (await findSavedCard(payment.service.deps.db, buyer.userId))!.providerCustomerId;
    for (let index = 0; index < times; index += 1) {
      api.refusals.push({
        matches: (request) =>
          request.path === '/v1/payment_intents' &&
          new URLSearchParams(request.body).get('customer') === customer,
        answer: error(400, 'invalid_request_error', 'No such PaymentMethod.', 'resource_missing'),
      });
    }
  }

  /** Moves service time to `days` after `from` and runs rounds of the job at once, on every replica. */
  async function runAt(from: Date, days: number) {
    payment.clock.set(new Date(from.getTime() + days * DAY + 1000).toISOString());
    const second = replica();
    const workers = [payment, ...(second ? [second] : [])].map((worker) => worker.service);
    await Promise.all([
      ...workers.map((worker) => worker.jobs.runNow(PLAN_INSTALMENTS_JOB)),
      ...workers.map((worker) => collectDueInstalments(worker.deps)),
      ...workers.map((worker) => collectDueInstalments(worker.deps)),
    ]);
  }

  it('keeps the card that paid $532.33 and charges the next $532.33 off-session on its due date, once', async () => {
    expect(replica() !== undefined).toBe(factory.name.startsWith('PostgreSQL'));
    const buyer = newSignedInBuyer('stripe-plan');
    const { order, sessionId } = await buyPlan(buyer);

    const [sent] = api.server
      .requestsTo('/v1/checkout/sessions', 'POST')
      .filter((request) => new URLSearchParams(request.body).get('client_reference_id') === order.id);
    expect(Object.fromEntries(new URLSearchParams(sent!.body))).toMatchObject({
      mode: 'payment',
      customer_creation: 'always',
      'payment_intent_data[setup_future_usage]': 'off_session',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][unit_amount]': '53233',
      'line_items[0][price_data][product_data][name]': 'Flexible Payments Program (payment 1 of 3)',
    });
    const card = await findSavedCard(payment.service.deps.db, buyer.userId);
    expect(card).toMatchObject({
      provider: 'stripe',
      providerCustomerId: api.session(sessionId).customer,
      providerPaymentMethodId: 'pm_card_visa',
      brand: 'Visa',
      last4: '4242',
    });

    const paidAt = order.paidAt!;
    expect((await planOf(buyer, order.id)).instalments.map((row) => row.amount)).toEqual([
      53_233, 53_233, 53_234,
    ]);
    await runAt(paidAt, 30); // not due yet
    expect(await chargesOf(buyer)).toHaveLength(0);
    await runAt(paidAt, 31);
    await runAt(paidAt, 32);
    const charges = await chargesOf(buyer);
    expect(charges.map(({ amount, payment_method }) => ({ amount, payment_method }))).toEqual([
      { amount: 53_233, payment_method: 'pm_card_visa' },
    ]);
    expect(
      api.server
        .requestsTo('/v1/payment_intents', 'POST')
        .map((request) => request.headers['idempotency-key'])
        .filter((key) => String(key).startsWith(`plan:${order.id}:`)),
    ).toEqual([`plan:${order.id}:2:1`]);
    expect((await eventsOf('payment.plan.instalment-paid', order.id)).map((event) => event.data)).toEqual([
      expect.objectContaining({ numbers: [2], amount: 53_233, remaining: 53_234 }),
    ]);
    const plan = await planOf(buyer, order.id);
    expect(plan).toMatchObject({ status: 'active', paid: 106_466, remaining: 53_234 });
    expect(plan.instalments[1]).toMatchObject({ state: 'paid' });
  });

  it('retries an insufficient-funds decline, pauses after the grace, and the rest paid early reopens it', async () => {
    const buyer = newSignedInBuyer('stripe-plan');
    const { order } = await buyPlan(buyer);
    await replaceCard(buyer, 'pm_card_visa_chargeDeclinedInsufficientFunds');
    const due = await secondDueOf(buyer, order.id);

    for (const day of [0, 1, 3, 6, 7, 8]) await runAt(due, day);
    const failures = await eventsOf('payment.plan.instalment-failed', order.id);
    expect(
      failures.map((event) => [
        event.data.attempt,
        event.data.nextAttemptAt,
        event.data.authenticationRequired,
      ]),
    ).toEqual([
      [1, new Date(due.getTime() + 3 * DAY).toISOString(), false],
      [2, new Date(due.getTime() + 7 * DAY).toISOString(), false],
      [3, null, false],
    ]);
    expect(failures[0]!.data.message).toBe('Your card has insufficient funds.');
    expect(await eventsOf('payment.plan.paused', order.id)).toHaveLength(1);
    expect(await chargesOf(buyer)).toHaveLength(0);
    expect((await planOf(buyer, order.id)).status).toBe('paused');

    await replaceCard(buyer, 'pm_card_visa');
    const paid = await payment.call(`/api/orders/${order.id}/payment-plan/pay`, {
      caller: buyer,
      method: 'POST',
    });
    expect(paid.status).toBe(200);
    expect((await chargesOf(buyer)).map((charge) => charge.amount)).toEqual([106_467]);
    expect(await eventsOf('payment.plan.resumed', order.id)).toHaveLength(1);
    expect(await planOf(buyer, order.id)).toMatchObject({ status: 'completed', remaining: 0 });
  });

  it('a payment made now that declined is made again with the card saved after it', async () => {
    const buyer = newSignedInBuyer('stripe-plan');
    const { order } = await buyPlan(buyer);
    await replaceCard(buyer, 'pm_card_visa_chargeDeclinedInsufficientFunds');
    const due = await secondDueOf(buyer, order.id);
    await runAt(due, 0);

    expect((await payDue(buyer, order.id)).status).toBe(422);
    await replaceCard(buyer, 'pm_card_visa');
    const paid = await payDue(buyer, order.id);
    expect(paid.status).toBe(200);
    expect(
      (await chargesOf(buyer)).map(({ amount, payment_method }) => ({ amount, payment_method })),
    ).toEqual([{ amount: 53_233, payment_method: 'pm_card_visa' }]);
    expect((await planOf(buyer, order.id)).instalments[1]).toMatchObject({ state: 'paid' });
  });

  it('a charge Stripe cannot make for one plan does not hold up the other plans’ payments', async () => {
    const first = newSignedInBuyer('stripe-plan');
    await buyPlan(first);
    payment.clock.advance(DAY);
    const second = newSignedInBuyer('stripe-plan');
    const { order } = await buyPlan(second);
    await cardGoneAtStripe(first, 3);
    await pastSecondDue(second, order.id);
    // Earlier tests' plans may have instalments due too: the round is judged by these two plans.
    expect(await collectDueInstalments(payment.service.deps)).toMatchObject({ errors: 1 });

    expect((await chargesOf(second)).map((charge) => charge.amount)).toEqual([53_233]);
    expect((await planOf(second, order.id)).instalments[1]).toMatchObject({ state: 'paid' });
  });

  it('after Stripe refused to charge the card on file, the buyer pays the instalment with another card', async () => {
    const buyer = newSignedInBuyer('stripe-plan');
    const { order } = await buyPlan(buyer);
    await cardGoneAtStripe(buyer);
    await pastSecondDue(buyer, order.id);
    expect((await collectDueInstalments(payment.service.deps)).errors).toBeGreaterThanOrEqual(1);
    expect(await chargesOf(buyer)).toHaveLength(0);

    await replaceCard(buyer, 'pm_card_visa');
    const paid = await payDue(buyer, order.id);
    expect(paid.status).toBe(200);
    expect((await chargesOf(buyer)).map((charge) => charge.amount)).toEqual([53_233]);
    expect((await planOf(buyer, order.id)).instalments[1]!.state).toBe('paid');
  });

  it('does not retry a payment the bank wants approved, and asks the buyer to pay it', async () => {
    const buyer = newSignedInBuyer('stripe-plan');
    const { order } = await buyPlan(buyer, 'pm_card_authenticationRequired');
    const due = await secondDueOf(buyer, order.id);
    await runAt(due, 0);
    await runAt(due, 3);
    const failures = await eventsOf('payment.plan.instalment-failed', order.id);
    expect(failures.map((event) => event.data)).toEqual([
      expect.objectContaining({
        number: 2,
        attempt: 1,
        authenticationRequired: true,
        nextAttemptAt: null,
        message: 'Your card was declined. This transaction requires authentication.',
      }),
    ]);
    const attempts = await payment.service.deps.db
      .select()
      .from(planCharges)
      .where(eq(planCharges.orderId, order.id));
    expect(attempts.map(({ attempt, outcome }) => ({ attempt, outcome }))).toEqual([
      { attempt: 1, outcome: 'hard-decline' },
    ]);
    expect((await planOf(buyer, order.id)).instalments[1]).toMatchObject({
      state: 'due',
      nextAttemptAt: null,
      lastFailure: 'Your card was declined. This transaction requires authentication.',
    });
  });

  /**
   * Runs `run` while the database cannot record that this plan's instalments were paid (or, `event`, how
   * else a charge went): an outage then.
   */
  const whileRecordingFails = <T>(
    orderId: string,
    run: () => Promise<T>,
    event = 'payment.plan.instalment-paid',
  ) =>
    withInsertTrigger(
      payment.service.deps.db,
      'payment.outbox_events',
      `if new.type = '${event}' and new.data->>'orderId' = '${orderId}' then
         raise exception 'the database is unavailable';
       end if;
       return new;`,
      run,
    );

  const amountsCharged = async (buyer: Buyer) => (await chargesOf(buyer)).map((charge) => charge.amount);

  it('an instalment Stripe charged while its record failed is not charged again when the buyer pays it now', async () => {
    const buyer = newSignedInBuyer('stripe-plan');
    const { order } = await buyPlan(buyer);
    await pastSecondDue(buyer, order.id);
    await whileRecordingFails(order.id, () => collectDueInstalments(payment.service.deps));
    expect(await amountsCharged(buyer)).toEqual([53_233]);
    expect((await planOf(buyer, order.id)).instalments[1]!.state).toBe('due');

    // Stripe is asked again with the job's own key, answers the charge it made, and nothing is left due.
    const paid = await payDue(buyer, order.id);
    expect(paid.status).toBe(409);
    expect(await paid.json()).toEqual({ message: PAYMENT_PLAN_MESSAGES.nothingDue });
    expect(await amountsCharged(buyer)).toEqual([53_233]);
    expect((await planOf(buyer, order.id)).instalments[1]!.state).toBe('paid');
    expect((await eventsOf('payment.plan.instalment-paid', order.id)).map((event) => event.data)).toEqual([
      expect.objectContaining({ numbers: [2], amount: 53_233 }),
    ]);
  });

  it('an instalment the buyer paid now while its record failed is not charged again by the job', async () => {
    const buyer = newSignedInBuyer('stripe-plan');
    const { order } = await buyPlan(buyer);
    const due = await pastSecondDue(buyer, order.id);
    const failed = await whileRecordingFails(order.id, () => payDue(buyer, order.id));
    expect(failed.status).toBe(500);
    expect(await amountsCharged(buyer)).toEqual([53_233]);

    await runAt(due, 0);
    await runAt(due, 3);
    expect(await amountsCharged(buyer)).toEqual([53_233]);
    expect((await planOf(buyer, order.id)).instalments[1]!.state).toBe('paid');
    expect(await eventsOf('payment.plan.instalment-paid', order.id)).toHaveLength(1);
  });

  it('an instalment Stripe charged while its record failed, found 25 hours later (its key forgotten), is not charged again', async () => {
    const buyer = newSignedInBuyer('stripe-plan');
    const { order } = await buyPlan(buyer);
    await pastSecondDue(buyer, order.id);
    await whileRecordingFails(order.id, () => collectDueInstalments(payment.service.deps));
    const [charged] = await chargesOf(buyer);
    expect(charged).toMatchObject({ amount: 53_233 });

    // The service was down for a day: Stripe no longer knows the job's idempotency key.
    payment.clock.advance(25 * HOUR);
    api.forgetIdempotencyKeys();
    await collectDueInstalments(payment.service.deps);
    expect(await amountsCharged(buyer)).toEqual([53_233]);
    const second = (await listInstalments(payment.service.deps.db, order.id))[1]!;
    expect(second).toMatchObject({ providerPaymentId: charged!.id, pendingCharge: null });
    expect(second.paidAt).not.toBeNull();
    expect((await eventsOf('payment.plan.instalment-paid', order.id)).map((event) => event.data)).toEqual([
      expect.objectContaining({ numbers: [2], amount: 53_233 }),
    ]);
  });

  it('a decline whose record failed, found 25 hours later, is answered by the declined charge at Stripe', async () => {
    const buyer = newSignedInBuyer('stripe-plan');
    const { order } = await buyPlan(buyer);
    await replaceCard(buyer, 'pm_card_chargeDeclinedExpiredCard');
    await pastSecondDue(buyer, order.id);
    await whileRecordingFails(
      order.id,
      () => collectDueInstalments(payment.service.deps),
      'payment.plan.instalment-failed',
    );
    expect((await listInstalments(payment.service.deps.db, order.id))[1]!.pendingCharge).not.toBeNull();

    payment.clock.advance(25 * HOUR);
    api.forgetIdempotencyKeys();
    await collectDueInstalments(payment.service.deps);
    // Not asked again: the charge Stripe kept says how it went.
    expect(
      api.server
        .requestsTo('/v1/payment_intents', 'POST')
        .filter((request) => request.headers['idempotency-key'] === `plan:${order.id}:2:1`),
    ).toHaveLength(1);
    expect((await eventsOf('payment.plan.instalment-failed', order.id)).map((event) => event.data)).toEqual([
      expect.objectContaining({
        number: 2,
        attempt: 1,
        message: 'Your card has expired.',
        authenticationRequired: false,
        nextAttemptAt: null,
      }),
    ]);
    expect(await amountsCharged(buyer)).toEqual([]);
  });

  it('a charge asked before its time was kept with it is asked again with the very same request', async () => {
    const buyer = newSignedInBuyer('stripe-plan');
    const { order } = await buyPlan(buyer);
    await pastSecondDue(buyer, order.id);
    const { db } = payment.service.deps;
    const card = (await findSavedCard(db, buyer.userId))!;
    const key = `plan:${order.id}:early:2:${card.providerPaymentMethodId}`;
    // Marked and asked as it was before: no time on the mark, no key in the charge; its record failed.
    await markPendingCharge(db, order.id, [2], { key, amount: 53_233, attempt: null, card: cardAsked(card) });
    await new Stripe(STRIPE_KEY, apiBaseOptions(api.url)).paymentIntents.create(
      {
        amount: 53_233,
        currency: 'usd',
        customer: card.providerCustomerId!,
        payment_method: card.providerPaymentMethodId,
        off_session: true,
        confirm: true,
      },
      { idempotencyKey: key },
    );

    const paid = await payDue(buyer, order.id);
    expect(paid.status).toBe(409);
    expect(await amountsCharged(buyer)).toEqual([53_233]);
    expect((await planOf(buyer, order.id)).instalments[1]!.state).toBe('paid');
  });

  it('a refund returns the rest Stripe charged early while its record failed', async () => {
    const buyer = newSignedInBuyer('stripe-plan');
    const { order, intentId } = await buyPlan(buyer);
    const failed = await whileRecordingFails(order.id, () =>
      payment.call(`/api/orders/${order.id}/payment-plan/pay`, { caller: buyer, method: 'POST' }),
    );
    expect(failed.status).toBe(500);
    const [early] = await chargesOf(buyer);
    expect(early).toMatchObject({ amount: 106_467 });

    expect((await askRefund(buyer, order.id)).status).toBe(200);
    await expectRefundedOnce(buyer, order.id, intentId, early!.id);
    expect(await amountsCharged(buyer)).toEqual([106_467]);
  });

  it('refunds every payment made through Stripe: the checkout’s and the early one', async () => {
    const buyer = newSignedInBuyer('stripe-plan');
    const { order, intentId, earlyId } = await paidPlan(buyer);
    expect(
      api.server
        .requestsTo('/v1/payment_intents', 'POST')
        .some((request) => request.headers['idempotency-key'] === `plan:${order.id}:early:2-3:pm_card_visa`),
    ).toBe(true);

    const refund = await payment.call(`/api/orders/${order.id}/refund-request`, {
      caller: buyer,
      json: { reason: 'Not for me.' },
    });
    expect(refund.status).toBe(200);
    const refunds = api.refunds.filter(
      (row) => row.payment_intent === intentId || row.payment_intent === earlyId,
    );
    expect(refunds.map(({ payment_intent, amount }) => ({ payment_intent, amount }))).toEqual(
      expect.arrayContaining([
        { payment_intent: earlyId, amount: 106_467 },
        { payment_intent: intentId, amount: 53_233 },
      ]),
    );
    expect(refunds).toHaveLength(2);
    expect((await eventsOf('payment.order.refunded', order.id)).map((event) => event.data.amount)).toEqual([
      159_700,
    ]);
    expect((await planOf(buyer, order.id)).instalments.map((row) => row.state)).toEqual([
      'refunded',
      'refunded',
      'refunded',
    ]);
  });

  /** A plan paid in full: the checkout's $532.33 (instalment 1), then the rest early in one charge. */
  async function paidPlan(buyer: Buyer) {
    const { order, intentId } = await buyPlan(buyer);
    const early = await payment.call(`/api/orders/${order.id}/payment-plan/pay`, {
      caller: buyer,
      method: 'POST',
    });
    expect(early.status).toBe(200);
    const [charge] = await chargesOf(buyer);
    expect(charge).toMatchObject({ amount: 106_467 });
    return { order, intentId, earlyId: charge!.id };
  }

  const askRefund = (buyer: Buyer, orderId: string, via = payment) =>
    via.call(`/api/orders/${orderId}/refund-request`, { caller: buyer, json: { reason: 'Not for me.' } });

  /** The refunds Stripe made of these payments. */
  const refundsOf = (...intentIds: string[]) =>
    api.refunds
      .filter((row) => intentIds.includes(row.payment_intent))
      .map(({ payment_intent, amount }) => ({ payment_intent, amount }));

  /** The refunds Stripe was asked to make of one payment. */
  const refundRequestsOf = (intentId: string) =>
    api.server
      .requestsTo('/v1/refunds', 'POST')
      .filter((request) => new URLSearchParams(request.body).get('payment_intent') === intentId);

  /** Every payment of the plan came back once, and the order says so once. */
  async function expectRefundedOnce(buyer: Buyer, orderId: string, intentId: string, earlyId: string) {
    expect(refundsOf(intentId, earlyId)).toEqual(
      expect.arrayContaining([
        { payment_intent: earlyId, amount: 106_467 },
        { payment_intent: intentId, amount: 53_233 },
      ]),
    );
    expect(refundsOf(intentId, earlyId)).toHaveLength(2);
    expect((await payment.order(orderId))?.status).toBe('refunded');
    expect((await eventsOf('payment.order.refunded', orderId)).map((event) => event.data.amount)).toEqual([
      159_700,
    ]);
    expect((await planOf(buyer, orderId)).instalments.map((row) => row.state)).toEqual([
      'refunded',
      'refunded',
      'refunded',
    ]);
  }

  it('a refund that fails at the checkout’s payment and is tried again a day later refunds each payment once', async () => {
    const buyer = newSignedInBuyer('stripe-plan');
    const { order, intentId, earlyId } = await paidPlan(buyer);
    api.refusals.push({
      matches: (request) =>
        request.path === '/v1/refunds' &&
        new URLSearchParams(request.body).get('payment_intent') === intentId,
      answer: error(429, 'invalid_request_error', 'Too many requests hit the API too quickly.', 'rate_limit'),
    });

    const first = await askRefund(buyer, order.id);
    expect(first.status).toBe(502);
    expect((await payment.order(order.id))?.status).toBe('fulfilled');
    expect(await eventsOf('payment.order.refunded', order.id)).toHaveLength(0);
    // The plan has stopped and its early payment is back; the checkout's is not, and the plan says so.
    expect(refundsOf(intentId, earlyId)).toEqual([{ payment_intent: earlyId, amount: 106_467 }]);
    expect((await planOf(buyer, order.id)).instalments.map((row) => row.state)).toEqual([
      'paid',
      'refunded',
      'refunded',
    ]);

    // A day later Stripe has forgotten the first try's idempotency keys.
    payment.clock.advance(DAY);
    api.forgetIdempotencyKeys();
    const again = await askRefund(buyer, order.id);
    expect(again.status).toBe(200);
    await expectRefundedOnce(buyer, order.id, intentId, earlyId);
    // The early payment, recorded as refunded, was not asked for again.
    expect(refundRequestsOf(earlyId)).toHaveLength(1);
  });

  it('takes a later payment Stripe has already refunded (its idempotency key forgotten) as refunded', async () => {
    const buyer = newSignedInBuyer('stripe-plan');
    const { order, intentId, earlyId } = await paidPlan(buyer);
    // Refunded at Stripe more than a day ago, by a try whose outcome was never recorded here.
    api.refunds.push({
      id: 're_made_yesterday',
      object: 'refund',
      status: 'succeeded',
      amount: 106_467,
      payment_intent: earlyId,
    });

    const response = await askRefund(buyer, order.id);
    expect(response.status).toBe(200);
    expect(refundRequestsOf(earlyId)).toHaveLength(1);
    await expectRefundedOnce(buyer, order.id, intentId, earlyId);
  });

  it('two refunds asked at once refund each payment once; the second is told it is done', async () => {
    const buyer = newSignedInBuyer('stripe-plan');
    const { order, intentId, earlyId } = await paidPlan(buyer);
    const answers = await Promise.all([
      askRefund(buyer, order.id),
      (replica() ?? payment).call(`/api/admin/orders/${order.id}/refund`, {
        caller: ADMIN,
        json: { reason: 'Asked twice' },
      }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    await expectRefundedOnce(buyer, order.id, intentId, earlyId);
  });
});

/**
 * Flexible Payments as a payment plan on the real payment service
 * (docs/behaviour/checkout-and-payments.md#payment-plan): the checkout charges $532.33 of $1,597.00 and
 * keeps the card; the job charges the next instalments on their due dates, once each however many
 * rounds (and, on PostgreSQL, replicas) race; a declined instalment is retried 3 and 7 days after its due
 * date and pauses the plan after the 7-day grace; paying the rest early completes it and resumes a paused
 * plan; the buyer's and the admin's order lists show the schedule; a refund refunds what was paid; the buyer
 * changes the card the plan charges from Orders & billing and pays the overdue instalment with it.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  MyOrderListSchema,
  OrderListSchema,
  PAYMENT_PLAN_MESSAGES,
  SavedCardSetupResponseSchema,
  type Caller,
  type TestSavedCardBehaviour,
} from '@platform/contracts';
import { DAY } from '@platform/service-kit/clock';
import { eq } from 'drizzle-orm';
import { ADMIN, BILLING, backings, newSignedInBuyer, usePaymentSuite } from '../../__tests__/harness.js';
import { PLAN_INSTALMENTS_JOB, collectDueInstalments } from '../charge-instalments.js';
import { planCharges } from '../payment-plans.tables.js';
import { CATALOGUE_WITH_PLAN, PLAN } from './plan-product.js';

type Buyer = Caller & { kind: 'user' };

describe.each(backings())('payment plans on $name', (factory) => {
  const suite = usePaymentSuite(factory, { replica: true, catalogue: CATALOGUE_WITH_PLAN });

  const checkout = (caller: Caller | undefined, json: Record<string, unknown> = {}) =>
    suite.payment.call('/api/create-checkout-session', {
      caller,
      json: { items: [{ id: PLAN.id, quantity: 1 }], billingInfo: BILLING, ...json },
    });

  async function buyPlan(buyer: Buyer) {
    const response = await checkout(buyer);
    expect(response.status).toBe(200);
    const { sessionId } = (await response.json()) as { sessionId: string };
    await suite.payment.call(`/api/test-checkout/${sessionId}/pay`, { method: 'POST' });
    const order = await suite.payment.orderBySession(sessionId);
    expect(order).toMatchObject({ status: 'fulfilled', total: 53_233 });
    return order!;
  }

  const planOf = async (buyer: Buyer, orderId: string) => {
    const response = await suite.payment.call('/api/orders', { caller: buyer });
    expect(response.status).toBe(200);
    const order = MyOrderListSchema.parse(await response.json()).orders.find((row) => row.id === orderId);
    return order!.paymentPlan!;
  };

  const eventsOf = async (type: string, orderId: string) =>
    (await suite.payment.events(type)).filter((event) => event.data.orderId === orderId);

  /** Saves the picked test card on the buyer's account, as the card page does; where it sends them back. */
  async function saveCard(who: Buyer, card: TestSavedCardBehaviour, json: { returnTo?: string } = {}) {
    const setup = await suite.payment.call('/api/saved-card/setup', { caller: who, json });
    const { url } = SavedCardSetupResponseSchema.parse(await setup.json());
    const save = () =>
      suite.payment.call(`${url}/save/${card}`, { caller: who, method: 'POST', redirect: 'manual' });
    // A double submit of the card page saves the card once and sends both back.
    const saved = await Promise.all([save(), save()]);
    expect(saved.map((response) => response.status)).toEqual([303, 303]);
    return saved.map((response) => response.headers.get('location'));
  }

  /** Moves service time to `days` after `from` and runs rounds of the job at once, on every replica. */
  async function runAt(from: Date, days: number) {
    suite.payment.clock.set(new Date(from.getTime() + days * DAY + 1000).toISOString());
    const workers = [suite.payment, ...(suite.replica ? [suite.replica] : [])].map(
      (worker) => worker.service,
    );
    await Promise.all([
      ...workers.map((worker) => worker.jobs.runNow(PLAN_INSTALMENTS_JOB)),
      ...workers.map((worker) => collectDueInstalments(worker.deps)),
      ...workers.map((worker) => collectDueInstalments(worker.deps)),
    ]);
  }

  it('refuses a plan for a visitor, with other products or by PayPal, storing nothing', async () => {
    const before = (await suite.payment.counts()).orders;
    const visitor = await checkout(undefined);
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({ message: PAYMENT_PLAN_MESSAGES.signInRequired });
    const buyer = newSignedInBuyer('plan');
    const withOthers = await checkout(buyer, {
      items: [
        { id: PLAN.id, quantity: 1 },
        { id: 'restaurant-consultation', quantity: 1 },
      ],
    });
    expect(withOthers.status).toBe(400);
    expect(await withOthers.json()).toMatchObject({ message: PAYMENT_PLAN_MESSAGES.alone });
    const wallet = await suite.payment.call('/api/paypal/order', {
      caller: buyer,
      json: {
        intent: 'CAPTURE',
        amount: 532.33,
        currency: 'USD',
        billingInfo: BILLING,
        items: [{ id: PLAN.id, quantity: 1 }],
      },
    });
    expect(wallet.status).toBe(400);
    expect(await wallet.json()).toMatchObject({ message: PAYMENT_PLAN_MESSAGES.cardOnly });
    expect((await suite.payment.counts()).orders).toBe(before);
  });

  it('charges $532.33 now and the next $532.33 on its due date, once however many rounds race', async () => {
    const buyer = newSignedInBuyer('plan');
    const order = await buyPlan(buyer);
    const paidAt = order.paidAt!;
    const [paid] = await eventsOf('payment.order.paid', order.id);
    expect(paid!.data).toMatchObject({ total: 53_233, placedByUserId: buyer.userId });

    const plan = await planOf(buyer, order.id);
    expect(plan).toMatchObject({ status: 'active', total: 159_700, paid: 53_233, remaining: 106_467 });
    expect(plan.instalments.map(({ number, amount, state }) => ({ number, amount, state }))).toEqual([
      { number: 1, amount: 53_233, state: 'paid' },
      { number: 2, amount: 53_233, state: 'scheduled' },
      { number: 3, amount: 53_234, state: 'scheduled' },
    ]);
    expect(plan.instalments[1]!.dueAt).toBe(new Date(paidAt.getTime() + 31 * DAY).toISOString()); // March has 31 days

    await runAt(paidAt, 30); // not due yet
    expect(await eventsOf('payment.plan.instalment-paid', order.id)).toHaveLength(0);
    await runAt(paidAt, 31);
    const charged = await eventsOf('payment.plan.instalment-paid', order.id);
    expect(charged.map((event) => event.data)).toEqual([
      expect.objectContaining({ numbers: [2], amount: 53_233, remaining: 53_234 }),
    ]);
    const attempts = await suite.payment.service.deps.db
      .select()
      .from(planCharges)
      .where(eq(planCharges.orderId, order.id));
    expect(attempts.map(({ number, attempt, outcome }) => ({ number, attempt, outcome }))).toEqual([
      { number: 2, attempt: 1, outcome: 'paid' },
    ]);
    expect((await planOf(buyer, order.id)).instalments[1]).toMatchObject({
      state: 'paid',
      nextAttemptAt: null,
    });
  });

  it('retries a declined instalment 3 and 7 days later, pauses after the grace, and paying restores it', async () => {
    const buyer = newSignedInBuyer('plan');
    const order = await buyPlan(buyer);
    await saveCard(buyer, 'declines');
    const due = new Date((await planOf(buyer, order.id)).instalments[1]!.dueAt);

    await runAt(due, 0);
    let plan = await planOf(buyer, order.id);
    expect(plan.instalments[1]).toMatchObject({
      state: 'due',
      lastFailure: 'Your card has insufficient funds.',
      nextAttemptAt: new Date(due.getTime() + 3 * DAY).toISOString(),
    });
    await runAt(due, 2);
    expect(await eventsOf('payment.plan.instalment-failed', order.id)).toHaveLength(1);
    await runAt(due, 3);
    await runAt(due, 6);
    expect(await eventsOf('payment.plan.paused', order.id)).toHaveLength(0);
    await runAt(due, 7);
    await runAt(due, 8);
    const failures = await eventsOf('payment.plan.instalment-failed', order.id);
    expect(failures.map((event) => [event.data.attempt, event.data.nextAttemptAt])).toEqual([
      [1, new Date(due.getTime() + 3 * DAY).toISOString()],
      [2, new Date(due.getTime() + 7 * DAY).toISOString()],
      [3, null],
    ]);
    const paused = await eventsOf('payment.plan.paused', order.id);
    expect(paused.map((event) => event.data)).toEqual([
      expect.objectContaining({ userId: buyer.userId, courseIds: [1] }),
    ]);
    plan = await planOf(buyer, order.id);
    expect(plan.status).toBe('paused');
    expect(plan.instalments[1]).toMatchObject({ state: 'overdue', nextAttemptAt: null });

    // Still declined: nothing changes.
    const declined = await suite.payment.call(`/api/orders/${order.id}/payment-plan/pay`, {
      caller: buyer,
      method: 'POST',
    });
    expect(declined.status).toBe(422);
    expect(await declined.json()).toEqual({
      message: PAYMENT_PLAN_MESSAGES.declined('Your card has insufficient funds.'),
    });

    await saveCard(buyer, 'pays');
    const [first, second] = await Promise.all([
      suite.payment.call(`/api/orders/${order.id}/payment-plan/pay`, { caller: buyer, method: 'POST' }),
      suite.payment.call(`/api/orders/${order.id}/payment-plan/pay`, { caller: buyer, method: 'POST' }),
    ]);
    expect([first!.status, second!.status].sort()).toEqual([200, 409]);
    expect(await eventsOf('payment.plan.resumed', order.id)).toHaveLength(1);
    plan = await planOf(buyer, order.id);
    expect(plan).toMatchObject({ status: 'completed', paid: 159_700, remaining: 0 });
    expect(
      (await eventsOf('payment.plan.instalment-paid', order.id)).map((event) => event.data.amount),
    ).toEqual([106_467]);
  });

  it('pays the rest early in one charge; another buyer and visitors cannot', async () => {
    const buyer = newSignedInBuyer('plan');
    const order = await buyPlan(buyer);
    const url = `/api/orders/${order.id}/payment-plan/pay`;
    expect((await suite.payment.call(url, { method: 'POST' })).status).toBe(401);
    expect(
      (await suite.payment.call(url, { caller: newSignedInBuyer('other'), method: 'POST' })).status,
    ).toBe(404);
    const response = await suite.payment.call(url, { caller: buyer, method: 'POST' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { order: { paymentPlan: { status: string; remaining: number } } };
    expect(body.order.paymentPlan).toMatchObject({ status: 'completed', remaining: 0 });
    const again = await suite.payment.call(url, { caller: buyer, method: 'POST' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: PAYMENT_PLAN_MESSAGES.nothingToPay });

    const admin = await suite.payment.call('/api/admin/orders', { caller: ADMIN });
    const listed = OrderListSchema.parse(await admin.json()).orders.find((row) => row.id === order.id);
    expect(listed!.paymentPlan).toMatchObject({ status: 'completed', paid: 159_700 });

    // Refunded within the guarantee: everything paid comes back.
    const refund = await suite.payment.call(`/api/orders/${order.id}/refund-request`, {
      caller: buyer,
      json: { reason: 'Not for me.' },
    });
    expect(refund.status).toBe(200);
    const refunded = await eventsOf('payment.order.refunded', order.id);
    expect(refunded.map((event) => event.data.amount)).toEqual([159_700]);
    const after = await planOf(buyer, order.id);
    expect(after).toMatchObject({ status: 'refunded', remaining: 0 });
    expect(after.instalments.map((row) => row.state)).toEqual(['refunded', 'refunded', 'refunded']);
  });

  it('charges nothing more once a plan is refunded', async () => {
    const buyer = newSignedInBuyer('plan');
    const order = await buyPlan(buyer);
    const refund = await suite.payment.call(`/api/orders/${order.id}/refund-request`, {
      caller: buyer,
      json: { reason: 'Changed my mind.' },
    });
    expect(refund.status).toBe(200);
    expect((await eventsOf('payment.order.refunded', order.id)).map((event) => event.data.amount)).toEqual([
      53_233,
    ]);
    await runAt(order.paidAt!, 62);
    expect(await eventsOf('payment.plan.instalment-paid', order.id)).toHaveLength(0);
    expect(await eventsOf('payment.plan.instalment-failed', order.id)).toHaveLength(0);
    expect((await planOf(buyer, order.id)).instalments.map((row) => row.state)).toEqual([
      'refunded',
      'cancelled',
      'cancelled',
    ]);
  });
  it('shows the admin a customer plan with its card; other accounts and visitors cannot read it', async () => {
    // The admin's customer page names the account by its id, a UUID.
    const buyer = { ...newSignedInBuyer('plan'), userId: randomUUID() };
    const order = await buyPlan(buyer);
    const url = `/api/admin/orders?${new URLSearchParams({ userId: buyer.userId, email: buyer.email })}`;
    const admin = await suite.payment.call(url, { caller: ADMIN });
    expect(admin.status).toBe(200);
    const listed = OrderListSchema.parse(await admin.json()).orders.find((row) => row.id === order.id);
    expect(listed!.paymentPlan).toMatchObject({
      status: 'active',
      paid: 53_233,
      remaining: 106_467,
      card: { brand: 'Visa', last4: '4242' },
    });
    expect(listed!.paymentPlan!.instalments.map((row) => row.state)).toEqual([
      'paid',
      'scheduled',
      'scheduled',
    ]);

    // Another buyer (the owner of another order) is no admin; a visitor is not signed in.
    const other = newSignedInBuyer('other');
    await buyPlan(other);
    expect((await suite.payment.call(url, { caller: other })).status).toBe(403);
    expect((await suite.payment.call(url, { caller: buyer })).status).toBe(403);
    expect((await suite.payment.call(url)).status).toBe(401);
    const theirs = await suite.payment.call('/api/orders', { caller: other });
    expect(MyOrderListSchema.parse(await theirs.json()).orders.map((row) => row.id)).not.toContain(order.id);
  });

  it('charges the card the buyer changed to, nothing at saving, and pays the overdue instalment once', async () => {
    const buyer = newSignedInBuyer('plan');
    const order = await buyPlan(buyer);
    const attempts = () =>
      suite.payment.service.deps.db.select().from(planCharges).where(eq(planCharges.orderId, order.id));
    const payDue = () =>
      suite.payment.call(`/api/orders/${order.id}/payment-plan/pay-due`, { caller: buyer, method: 'POST' });
    expect((await planOf(buyer, order.id)).card).toEqual({ brand: 'Visa', last4: '4242' });

    // Changed from Orders & billing to a card that declines: back on the page, nothing charged.
    expect(await saveCard(buyer, 'declines', { returnTo: 'orders' })).toEqual([
      '/orders?card=saved',
      '/orders?card=saved',
    ]);
    expect((await planOf(buyer, order.id)).card).toEqual({ brand: 'Visa', last4: '0341' });
    expect(await attempts()).toHaveLength(0);
    const early = await payDue();
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ message: PAYMENT_PLAN_MESSAGES.nothingDue });

    // Its due date: the new card is the one charged, and it declines; past the grace the plan pauses.
    const due = new Date((await planOf(buyer, order.id)).instalments[1]!.dueAt);
    await runAt(due, 0);
    expect((await planOf(buyer, order.id)).instalments[1]).toMatchObject({
      state: 'due',
      lastFailure: 'Your card has insufficient funds.',
    });
    await runAt(due, 7);
    expect((await planOf(buyer, order.id)).status).toBe('paused');
    const tried = (await attempts()).length;

    // A card that pays: saving it charges nothing; the overdue instalment is paid once, the last stays due later.
    await saveCard(buyer, 'pays', { returnTo: 'orders' });
    expect(await attempts()).toHaveLength(tried);
    expect(await eventsOf('payment.plan.instalment-paid', order.id)).toHaveLength(0);
    const [first, second] = await Promise.all([payDue(), payDue()]);
    expect([first!.status, second!.status].sort()).toEqual([200, 409]);
    let plan = await planOf(buyer, order.id);
    expect(plan).toMatchObject({ status: 'active', paid: 106_466, remaining: 53_234 });
    expect(plan.instalments.map((row) => row.state)).toEqual(['paid', 'paid', 'scheduled']);
    expect(await eventsOf('payment.plan.resumed', order.id)).toHaveLength(1);
    expect(
      (await eventsOf('payment.plan.instalment-paid', order.id)).map((event) => event.data.numbers),
    ).toEqual([[2]]);

    // The next instalment is charged to the new card on its due date.
    await runAt(new Date(plan.instalments[2]!.dueAt), 0);
    plan = await planOf(buyer, order.id);
    expect(plan).toMatchObject({ status: 'completed', paid: 159_700, remaining: 0 });
    expect(
      (await eventsOf('payment.plan.instalment-paid', order.id)).map((event) => event.data.numbers),
    ).toEqual([[2], [3]]);
  });
});

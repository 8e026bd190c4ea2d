/**
 * Membership plans with Stripe configured: the real payment service, the real `stripe` SDK against a
 * local server answering like Stripe's API, webhooks signed with generateTestHeaderString. A plan is a
 * subscription (alone in its order), its first payment is fulfilled exactly once, later cycles are
 * recorded once, its end emits `payment.subscription.ended` once, and a refund refunds the latest paid
 * invoice and cancels it. With the test provider a plan stays one payment.
 */
import { describe, expect, it } from '@jest/globals';
import { MyOrderListSchema, PaymentSubscriptionEndedSchema } from '@platform/contracts';
import { EMAIL_DATE, formatDate } from '@platform/contracts/format';
import { DAY } from '@platform/service-kit/clock';
import { waitFor } from '@platform/service-kit/testing';
import { eq } from 'drizzle-orm';
import { orderLines, subscriptionRenewals } from '../../db/schema.js';
import { CHECKOUT_ERRORS } from '../../checkout/start-checkout.js';
import type { FakeStripeApi } from '../../providers/stripe/__tests__/fake-stripe-api.js';
import {
  deliverSessionPaid,
  deliverStripeEvent,
  useStripeSuite,
} from '../../providers/stripe/__tests__/stripe-suite.js';
import {
  NEW_BUYER_EMAIL,
  ADMIN,
  BILLING,
  backings,
  type PaymentUnderTest,
  usePaymentSuite,
} from '../../__tests__/harness.js';
import { CATALOGUE_WITH_MEMBERSHIPS } from './membership-plans.js';

const WEBHOOK_SECRET = 'whsec_service_subscription_secret';

describe.each(backings())('Stripe subscriptions on $name', (factory) => {
  let api: FakeStripeApi;
  let payment: PaymentUnderTest;
  useStripeSuite(
    factory,
    { webhookSecret: WEBHOOK_SECRET, products: CATALOGUE_WITH_MEMBERSHIPS },
    (started) => ({ api, payment } = started),
  );

  const webhook = (type: string, object: Record<string, unknown>, id?: string) =>
    deliverStripeEvent(payment, WEBHOOK_SECRET, type, object, id);

  const completed = (sessionId: string) => deliverSessionPaid(payment, WEBHOOK_SECRET, sessionId);

  const renewalInvoice = (
    invoice: { id: string; amount_paid: number },
    subscriptionId: string,
    metadata: Record<string, string> | null = null,
  ) => ({
    id: invoice.id,
    object: 'invoice',
    amount_paid: invoice.amount_paid,
    currency: 'usd',
    billing_reason: 'subscription_cycle',
    status: 'paid',
    status_transitions: { paid_at: Math.floor(payment.clock.now().getTime() / 1000) },
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscriptionId, metadata },
    },
  });

  const ended = (subscriptionId: string, orderId: string, reason = 'cancellation_requested') => ({
    id: subscriptionId,
    object: 'subscription',
    status: 'canceled',
    ended_at: Math.floor(payment.clock.now().getTime() / 1000),
    metadata: { orderId },
    cancellation_details: { reason },
  });

  /** `payment.subscription.ended` for a new buyer's plan (course 1), ended now. */
  const endedEvent = (orderId: string, subscriptionId: string, reason: string | null) => ({
    orderId,
    email: expect.stringMatching(NEW_BUYER_EMAIL),
    courseIds: [1],
    subscriptionId,
    reason,
    endedAt: payment.clock.now().toISOString(),
  });

  /** A plan bought and its first payment fulfilled by the webhook. */
  async function subscribed(plan = 'membership-monthly') {
    const { sessionId } = await payment.checkout([{ id: plan, quantity: 1 }]);
    const { subscriptionId } = api.paySubscription(sessionId);
    expect(await completed(sessionId)).toBe('fulfilled');
    const order = (await payment.orderBySession(sessionId))!;
    return { sessionId, subscriptionId, order };
  }

  it('sells a plan as a subscription-mode session with its recurring interval', async () => {
    const { sessionId } = await payment.checkout([{ id: 'membership-quarterly', quantity: 1 }]);
    const session = api.session(sessionId);
    expect(session.mode).toBe('subscription');
    expect(session.line_items).toEqual([
      {
        name: 'Quarterly Membership',
        unit_amount: 7999,
        quantity: 1,
        recurring: { interval: 'month', interval_count: 3 },
      },
    ]);
    const order = (await payment.orderBySession(sessionId))!;
    const request = api.server.requestsTo('/v1/checkout/sessions', 'POST').at(-1)!;
    expect(request.headers['idempotency-key']).toBe(`checkout-${order.id}`);
    expect(new URLSearchParams(request.body).get('subscription_data[metadata][orderId]')).toBe(order.id);
    const lines = await payment.service.deps.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id));
    expect(lines.map((line) => [line.productId, line.billingInterval, line.billingIntervalCount])).toEqual([
      ['membership-quarterly', 'month', 3],
    ]);
  });

  it('refuses a plan with other products, two plans, or two of one plan with a 400, storing nothing', async () => {
    const before = await payment.counts();
    const sessionsBefore = api.sessions.size;
    const carts: Array<[unknown[], string]> = [
      [
        [
          { id: 'membership-monthly', quantity: 1 },
          { id: 'restaurant-consultation', quantity: 1 },
        ],
        CHECKOUT_ERRORS.subscriptionWithOthers,
      ],
      [
        [
          { id: 'membership-monthly', quantity: 1 },
          { id: 'menu-optimization', quantity: 1 },
        ],
        CHECKOUT_ERRORS.subscriptionWithOthers,
      ],
      [
        [
          { id: 'membership-monthly', quantity: 1 },
          { id: 'membership-annual', quantity: 1 },
        ],
        CHECKOUT_ERRORS.oneSubscription,
      ],
      [[{ id: 'membership-annual', quantity: 2 }], CHECKOUT_ERRORS.oneSubscription],
    ];
    for (const [items, message] of carts) {
      const response = await payment.call('/api/create-checkout-session', {
        json: { items, billingInfo: BILLING },
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message });
    }
    expect(await payment.counts()).toEqual(before);
    expect(api.sessions.size).toBe(sessionsBefore);
  });

  it('fulfils the first payment once and stores the subscription on the order', async () => {
    const { sessionId, subscriptionId, order } = await subscribed();
    expect(order.status).toBe('fulfilled');
    expect(order.providerSubscriptionId).toBe(subscriptionId);
    expect(order.total).toBe(2999);
    // The same event again, another event for the same session, and the first invoice's invoice.paid.
    const before = await payment.counts();
    expect(await completed(sessionId)).toBe('already-fulfilled');
    const invoice = api.invoices.find(
      (entry) => entry.parent.subscription_details.subscription === subscriptionId,
    )!;
    expect(
      await webhook('invoice.paid', {
        ...renewalInvoice(invoice, subscriptionId),
        billing_reason: 'subscription_create',
      }),
    ).toBe('ignored');
    const after = await payment.counts();
    expect(after.fulfilments).toBe(before.fulfilments);
    expect(after.paidEvents).toBe(before.paidEvents);
    const paid = (await payment.events('payment.order.paid')).filter(
      (event) => event.data.orderId === order.id,
    );
    expect(paid).toHaveLength(1);
    expect(paid[0]!.data).toMatchObject({ provider: 'stripe', total: 2999, courseIds: [1] });
  });

  it('two subscriptions of one plan paid at once: one stays, the other is refunded and cancelled', async () => {
    const billing = { ...BILLING, email: `twice-${Date.now()}@example.com` };
    const sessions = [
      await payment.checkout([{ id: 'membership-monthly', quantity: 1 }], billing),
      await payment.checkout([{ id: 'membership-monthly', quantity: 1 }], billing),
    ].map((started) => started.sessionId);
    const subscriptions = sessions.map((sessionId) => api.paySubscription(sessionId));
    const outcomes = await Promise.all(sessions.map(completed));
    expect([...outcomes].sort()).toEqual(['already-owned', 'fulfilled']);
    const loser = outcomes.indexOf('already-owned');
    const { subscriptionId, invoice } = subscriptions[loser]!;
    const kept = subscriptions[1 - loser]!.subscriptionId;

    const order = await waitFor(
      () => payment.orderBySession(sessions[loser]!),
      (row) => row?.status === 'refunded',
      'the automatic refund of the second subscription',
    );
    expect(order?.providerSubscriptionId).toBe(subscriptionId);
    expect(api.refunds.map((refund) => refund.payment_intent)).toEqual([invoice.paidBy]);
    expect(api.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    expect(api.subscriptions.get(kept)?.status).toBe('active');
  });

  it('records a later cycle’s invoice.paid once, however often it comes, and extends nothing', async () => {
    const { subscriptionId, order } = await subscribed('membership-annual');
    const invoice = api.payInvoice(subscriptionId, 29999);
    const event = renewalInvoice(invoice, subscriptionId);
    expect(await webhook('invoice.paid', event, `evt_renewal_${invoice.id}`)).toBe('renewal-recorded');
    expect(await webhook('invoice.paid', event, `evt_renewal_${invoice.id}`)).toBe('duplicate');
    // Stripe may send the same invoice under another event id: still one renewal.
    expect(await webhook('invoice.paid', event)).toBe('duplicate');
    const renewals = await payment.service.deps.db
      .select()
      .from(subscriptionRenewals)
      .where(eq(subscriptionRenewals.orderId, order.id));
    expect(renewals).toEqual([
      expect.objectContaining({ invoiceId: invoice.id, subscriptionId, amount: 29999, currency: 'USD' }),
    ]);
    expect((await payment.order(order.id))!.status).toBe('fulfilled');
    expect(
      (await payment.events('payment.order.paid')).filter((e) => e.data.orderId === order.id),
    ).toHaveLength(1);
    // A renewal of a subscription we never sold is recorded as an event and nothing else.
    expect(
      await webhook('invoice.paid', renewalInvoice({ id: 'in_stranger', amount_paid: 100 }, 'sub_stranger')),
    ).toBe('unknown-order');
  });

  it('records a renewal that comes before its checkout’s webhook on the order the invoice names, once', async () => {
    const { sessionId } = await payment.checkout([{ id: 'membership-monthly', quantity: 1 }]);
    const { subscriptionId } = api.paySubscription(sessionId);
    const order = (await payment.orderBySession(sessionId))!;
    // The checkout's webhook failed and is retried after the next cycle was paid.
    const invoice = api.payInvoice(subscriptionId, 2999);
    const event = renewalInvoice(invoice, subscriptionId, { orderId: order.id });
    expect(await webhook('invoice.paid', event)).toBe('renewal-recorded');
    expect(await completed(sessionId)).toBe('fulfilled');
    expect(await webhook('invoice.paid', event)).toBe('duplicate');

    const fulfilled = (await payment.order(order.id))!;
    expect(fulfilled).toMatchObject({ status: 'fulfilled', providerSubscriptionId: subscriptionId });
    const renewals = await payment.service.deps.db
      .select()
      .from(subscriptionRenewals)
      .where(eq(subscriptionRenewals.orderId, order.id));
    expect(renewals).toEqual([
      expect.objectContaining({ invoiceId: invoice.id, subscriptionId, amount: 2999 }),
    ]);
    expect(
      (await payment.events('payment.order.paid')).filter((e) => e.data.orderId === order.id),
    ).toHaveLength(1);

    // An invoice of another subscription that names this order is not this order's.
    const stranger = renewalInvoice({ id: 'in_named_stranger', amount_paid: 100 }, 'sub_other', {
      orderId: order.id,
    });
    expect(await webhook('invoice.paid', stranger)).toBe('unknown-order');
  });

  it('ends the membership once when Stripe deletes the subscription', async () => {
    const { subscriptionId, order } = await subscribed('membership-quarterly');
    const object = ended(subscriptionId, order.id, 'payment_failed');
    expect(await webhook('customer.subscription.deleted', object, `evt_end_${subscriptionId}`)).toBe(
      'subscription-ended',
    );
    expect(await webhook('customer.subscription.deleted', object, `evt_end_${subscriptionId}`)).toBe(
      'duplicate',
    );
    expect(await webhook('customer.subscription.deleted', object)).toBe('already-ended');

    const events = (await payment.events('payment.subscription.ended')).filter(
      (e) => e.data.orderId === order.id,
    );
    expect(events).toHaveLength(1);
    expect(PaymentSubscriptionEndedSchema.parse(events[0]!.data)).toEqual(
      endedEvent(order.id, subscriptionId, 'payment_failed'),
    );
    expect((await payment.order(order.id))!.subscriptionEndedAt).toEqual(payment.clock.now());
    // An end of a subscription nobody here sold changes nothing.
    expect(await webhook('customer.subscription.deleted', ended('sub_stranger', order.id))).toBe(
      'unknown-order',
    );
  });

  it('ends the membership a late first payment gives when the subscription ended before it arrived', async () => {
    const { sessionId } = await payment.checkout([{ id: 'membership-monthly', quantity: 1 }]);
    const { subscriptionId } = api.paySubscription(sessionId);
    const order = (await payment.orderBySession(sessionId))!;
    // The checkout's webhook failed and comes back after Stripe's word that the subscription ended.
    const end = ended(subscriptionId, order.id, 'payment_failed');
    expect(await webhook('customer.subscription.deleted', end)).toBe('subscription-ended');
    expect(await completed(sessionId)).toBe('fulfilled');
    expect(await webhook('customer.subscription.deleted', end)).toBe('already-ended');

    const ofOrder = async (type: string) =>
      (await payment.events(type)).filter((e) => e.data.orderId === order.id);
    expect(await ofOrder('payment.order.paid')).toHaveLength(1);
    const ends = await ofOrder('payment.subscription.ended');
    expect(ends).toHaveLength(1);
    expect(PaymentSubscriptionEndedSchema.parse(ends[0]!.data)).toEqual(
      endedEvent(order.id, subscriptionId, null),
    );
  });

  it('lets the buyer cancel and resume the renewal, told to Stripe, twice at once changing it once', async () => {
    const { subscriptionId, order } = await subscribed('membership-monthly');
    const buyer = {
      kind: 'user' as const,
      userId: `user-${order.id}`,
      email: order.customerEmail,
      role: 'user' as const,
    };
    const renewal = (renew: unknown, caller = buyer) =>
      payment.call(`/api/orders/${order.id}/plan-renewal`, { caller, json: { renew } });
    const planOf = async () =>
      MyOrderListSchema.parse(
        await (await payment.call('/api/orders', { caller: buyer })).json(),
      ).orders.find((entry) => entry.id === order.id)?.planRenewal;

    expect(await planOf()).toBe('renewing');
    expect((await renewal('no')).status).toBe(400);
    expect(
      (await renewal(false, { ...buyer, userId: 'someone-else', email: 'other@example.com' })).status,
    ).toBe(404);
    const cancels = await Promise.all([renewal(false), renewal(false)]);
    expect(cancels.map((response) => response.status)).toEqual([200, 200]);
    expect(api.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(true);
    expect(await planOf()).toBe('cancelling');
    // Access stays until Stripe ends the subscription at the period's end.
    expect(
      (await payment.events('payment.subscription.ended')).some((e) => e.data.orderId === order.id),
    ).toBe(false);

    expect((await renewal(true)).status).toBe(200);
    expect(api.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(false);
    expect(await planOf()).toBe('renewing');

    expect(await webhook('customer.subscription.deleted', ended(subscriptionId, order.id))).toBe(
      'subscription-ended',
    );
    const late = await renewal(true);
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({
      message: 'This membership plan has ended. You can start a new one on the membership page.',
    });
    expect(await planOf()).toBe('ended');
  });

  it('refunds a subscription order’s latest paid invoice and cancels the subscription', async () => {
    const { subscriptionId, order } = await subscribed('membership-monthly');
    payment.clock.advance(31 * 24 * 60 * 60 * 1000);
    const renewal = api.payInvoice(subscriptionId, 2999);
    expect(await webhook('invoice.paid', renewalInvoice(renewal, subscriptionId))).toBe('renewal-recorded');

    // 31 days after the first payment, but a day after the renewal: within the guarantee.
    payment.clock.advance(24 * 60 * 60 * 1000);
    const response = await payment.call(`/api/admin/orders/${order.id}/refund`, {
      json: { reason: 'changed my mind' },
      caller: ADMIN,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ order: { id: order.id, status: 'refunded' } });
    expect(api.refunds.filter((refund) => refund.payment_intent === renewal.paidBy)).toHaveLength(1);
    expect(api.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    const refunded = (await payment.events('payment.order.refunded')).filter(
      (e) => e.data.orderId === order.id,
    );
    expect(refunded).toHaveLength(1);
    expect(refunded[0]!.data).toMatchObject({ amount: 2999, courseIds: [1] });

    // Stripe then tells us the subscription ended: recorded, and no second revocation.
    expect(await webhook('customer.subscription.deleted', ended(subscriptionId, order.id))).toBe(
      'subscription-ended',
    );
    expect(
      (await payment.events('payment.subscription.ended')).filter((e) => e.data.orderId === order.id),
    ).toHaveLength(0);
    const again = await payment.call(`/api/admin/orders/${order.id}/refund`, { json: {}, caller: ADMIN });
    expect(again.status).toBe(409);
    // Stripe reports the site's own refund of the renewal: nothing more changes.
    const reported = await payment.order(order.id);
    expect(await webhook('charge.refunded', api.charge(renewal.paidBy))).toBe('already-refunded');
    expect(await payment.order(order.id)).toEqual(reported);
  });

  it("tells the admin of a subscription's payment refunded in Stripe's dashboard, and the subscription goes on", async () => {
    const { subscriptionId, order } = await subscribed('membership-monthly');
    const refundsAsked = () => api.server.requestsTo('/v1/refunds', 'POST').length;
    const refundsBefore = refundsAsked();
    const firstPaidAt = payment.clock.now();
    const first = api.invoices.find(
      (entry) => entry.parent.subscription_details.subscription === subscriptionId,
    )!;
    payment.clock.advance(31 * DAY);
    const renewal = api.payInvoice(subscriptionId, 2999);
    expect(await webhook('invoice.paid', renewalInvoice(renewal, subscriptionId))).toBe('renewal-recorded');
    const renewedAt = payment.clock.now();

    // The renewal refunded in the dashboard, the event delivered twice and under another id.
    payment.clock.advance(DAY);
    api.refundInDashboard(renewal.paidBy);
    const eventId = `evt_dashboard_${renewal.id}`;
    expect(await webhook('charge.refunded', api.charge(renewal.paidBy), eventId)).toBe('subscription-refund');
    expect(await webhook('charge.refunded', api.charge(renewal.paidBy), eventId)).toBe('duplicate');
    expect(await webhook('charge.refunded', api.charge(renewal.paidBy))).toBe('subscription-refund');
    expect(await payment.order(order.id)).toMatchObject({
      status: 'fulfilled',
      refundedAt: null,
      problem: `Stripe reports a refund of $29.99 of this subscription's payment of ${formatDate(renewedAt, EMAIL_DATE)} made outside the site; nothing was changed here and the subscription goes on.`,
    });
    // The first payment, refunded there too, is found by its invoice the same way.
    api.refundInDashboard(first.paidBy);
    expect(await webhook('charge.refunded', api.charge(first.paidBy))).toBe('subscription-refund');
    expect((await payment.order(order.id))?.problem).toContain(
      `payment of ${formatDate(firstPaidAt, EMAIL_DATE)} made outside the site`,
    );
    // Nothing was revoked, refunded again or cancelled.
    for (const type of ['payment.order.refunded', 'payment.subscription.ended'] as const) {
      expect((await payment.events(type)).filter((e) => e.data.orderId === order.id)).toHaveLength(0);
    }
    expect(refundsAsked()).toBe(refundsBefore);
    expect(api.subscriptions.get(subscriptionId)?.status).toBe('active');
    // A refunded payment of no subscription of ours changes nothing.
    const stranger = api.payInvoice('sub_stranger', 500);
    expect(await webhook('charge.refunded', api.charge(stranger.paidBy))).toBe('unknown-order');
  });
});

describe.each(backings())('membership plans with the test provider on $name', (factory) => {
  const { payment } = usePaymentSuite(factory, { catalogue: CATALOGUE_WITH_MEMBERSHIPS });

  it('stay one payment for the first period, in any cart', async () => {
    const { sessionId } = await payment.checkout([
      { id: 'membership-monthly', quantity: 1 },
      { id: 'restaurant-consultation', quantity: 1 },
    ]);
    const order = (await payment.orderBySession(sessionId))!;
    expect(order.total).toBe(2999 + 69700);
    const provider = payment.testProvider();
    expect(await provider.pay((await provider.findSession(sessionId))!, 'http://127.0.0.1:1/')).toBe('paid');
    const grant = await payment.call('/api/grant-course-access', { json: { session_id: sessionId } });
    expect(grant.status).toBe(200);
    const fulfilled = (await payment.order(order.id))!;
    expect(fulfilled.status).toBe('fulfilled');
    expect(fulfilled.providerSubscriptionId).toBeNull();
  });
});

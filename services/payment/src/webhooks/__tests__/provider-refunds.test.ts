/**
 * Refunds the provider reports (docs/behaviour/checkout-and-payments.md#fulfilment-and-refunds): Stripe's
 * `charge.refunded` and PayPal's `PAYMENT.CAPTURE.REFUNDED`, against their fake APIs. A payment refunded in
 * full in the provider's dashboard refunds its order once, however often and however many at once the
 * event arrives (on two replicas on PostgreSQL); the site's own refund reported afterwards changes nothing;
 * a partial one only tells the admin; a payment that is none of ours changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import { PaymentOrderRefundedSchema } from '@platform/contracts';
import { DAY } from '@platform/service-kit/clock';
import { useBacking } from '@platform/service-kit/testing';
import {
  ADMIN,
  BILLING,
  consultationRefunded,
  backings,
  newBuyerBilling,
  newSignedInBuyer,
  startPayment,
  type PaymentUnderTest,
} from '../../__tests__/harness.js';
import { PLAN } from '../../payment-plans/__tests__/plan-product.js';
import {
  FakePaypalApi,
  GOOD_SIGNATURE,
  PAYPAL_CLIENT_ID,
  PAYPAL_CLIENT_SECRET,
  PAYPAL_WEBHOOK_ID,
} from '../../providers/paypal/__tests__/fake-paypal-api.js';
import {
  deliverSessionPaid,
  deliverStripeEvent,
  postStripeEvent,
  useStripePlanSuite,
} from '../../providers/stripe/__tests__/stripe-suite.js';

const WEBHOOK_SECRET = 'whsec_provider_refunds_suite';

async function refundedEventsOf(payment: PaymentUnderTest, orderId: string) {
  return (await payment.events('payment.order.refunded')).filter((event) => event.data.orderId === orderId);
}

const refundByAdmin = (payment: PaymentUnderTest, orderId: string) =>
  payment.call(`/api/admin/orders/${orderId}/refund`, { caller: ADMIN, json: { reason: 'Changed my mind' } });

/** The provider reports a refund of part of the payment: the admin is told, and nothing is revoked. */
async function expectPartialRefundShown(
  payment: PaymentUnderTest,
  orderId: string,
  reported: () => Promise<string>,
  provider: string,
  amount: string,
): Promise<void> {
  expect(await reported()).toBe('partial-refund');
  expect(await payment.order(orderId)).toMatchObject({
    status: 'fulfilled',
    refundedAt: null,
    problem: `${provider} reports a partial refund of ${amount} made outside the site; nothing was changed here.`,
  });
  expect(await refundedEventsOf(payment, orderId)).toHaveLength(0);
}

/** The admin refunds through the site, then the provider reports that refund: nothing more changes. */
async function expectOwnRefundReportedAgain(
  payment: PaymentUnderTest,
  orderId: string,
  reported: () => Promise<string>,
): Promise<void> {
  expect((await refundByAdmin(payment, orderId)).status).toBe(200);
  const refunded = await payment.order(orderId);
  expect(refunded).toMatchObject({ status: 'refunded', refundReason: 'Changed my mind' });
  expect(await reported()).toBe('already-refunded');
  expect(await payment.order(orderId)).toEqual(refunded);
  expect(await refundedEventsOf(payment, orderId)).toHaveLength(1);
}

describe.each(backings())("refunds made in Stripe's dashboard on $name", (factory) => {
  const { api, payment, replica } = useStripePlanSuite(factory, WEBHOOK_SECRET);

  const webhook = (type: string, object: Record<string, unknown>, id?: string, to = payment) =>
    deliverStripeEvent(to, WEBHOOK_SECRET, type, object, id);
  const chargeRefunded = (intentId: string, id?: string, to = payment) =>
    webhook('charge.refunded', api.charge(intentId), id, to);
  const sessionPaid = (sessionId: string) => deliverSessionPaid(payment, WEBHOOK_SECRET, sessionId);

  /** The consultation bought and paid on Stripe's page; its webhook fulfilled it. */
  async function fulfilled() {
    const { sessionId } = await payment.checkout();
    const intentId = api.pay(sessionId);
    const outcome = await sessionPaid(sessionId);
    expect(outcome).toBe('fulfilled');
    const order = (await payment.orderBySession(sessionId))!;
    expect(order).toMatchObject({ status: 'fulfilled', providerPaymentId: intentId });
    return { order, intentId, sessionId };
  }

  it('a full refund made in the dashboard refunds the order once, also when the event comes again', async () => {
    const { order, intentId } = await fulfilled();
    // Long after the 30 days: the money is back with the buyer already, so it is recorded.
    payment.clock.advance(45 * DAY);
    api.refundInDashboard(intentId);
    const eventId = `evt_dashboard_${randomUUID()}`;
    expect(await chargeRefunded(intentId, eventId)).toBe('refunded');

    const stored = await payment.order(order.id);
    expect(stored).toMatchObject({
      status: 'refunded',
      refundedAt: payment.clock.now(),
      refundReason: 'Refunded at Stripe',
      problem: null,
    });
    const events = await refundedEventsOf(payment, order.id);
    expect(events).toHaveLength(1);
    expect(PaymentOrderRefundedSchema.parse(events[0]!.data)).toEqual(
      consultationRefunded(order.id, payment.clock.now()),
    );

    // The same event again, and another event about the same refund: nothing more.
    expect(await chargeRefunded(intentId, eventId)).toBe('duplicate');
    expect(await chargeRefunded(intentId)).toBe('already-refunded');
    expect(await payment.order(order.id)).toEqual(stored);
    expect(await refundedEventsOf(payment, order.id)).toHaveLength(1);
    // Stripe was asked for nothing: the refund is made.
    expect(api.server.requestsTo('/v1/refunds', 'POST')).toHaveLength(0);
  });

  it('deliveries at once, the same event twice and another one, on every replica: one refund, one event', async () => {
    expect(replica() !== undefined).toBe(factory.name.startsWith('PostgreSQL'));
    const { order, intentId } = await fulfilled();
    api.refundInDashboard(intentId);
    const eventId = `evt_dashboard_${randomUUID()}`;
    const other = replica() ?? payment;
    const outcomes = await Promise.all([
      chargeRefunded(intentId, eventId, payment),
      chargeRefunded(intentId, eventId, other),
      chargeRefunded(intentId, undefined, other),
      chargeRefunded(intentId, undefined, payment),
    ]);
    expect(outcomes.sort()).toEqual(['already-refunded', 'already-refunded', 'duplicate', 'refunded']);
    expect((await payment.order(order.id))?.status).toBe('refunded');
    expect(await refundedEventsOf(payment, order.id)).toHaveLength(1);
  });

  it("the site's own refund, reported by Stripe afterwards, changes nothing more", async () => {
    const { order, intentId } = await fulfilled();
    await expectOwnRefundReportedAgain(payment, order.id, () => chargeRefunded(intentId));
  });

  it('a partial refund in the dashboard revokes nothing and tells the admin; the rest refunded later refunds the order', async () => {
    const { order, intentId } = await fulfilled();
    api.refundInDashboard(intentId, 10_000);
    await expectPartialRefundShown(payment, order.id, () => chargeRefunded(intentId), 'Stripe', '$100.00');
    expect(
      payment.logs.some(
        (line) => line.level === 40 && line.orderId === order.id && line.amountRefunded === 10_000,
      ),
    ).toBe(true);

    api.refundInDashboard(intentId);
    expect(await chargeRefunded(intentId)).toBe('refunded');
    const events = await refundedEventsOf(payment, order.id);
    expect(events.map((event) => event.data.amount)).toEqual([69700]);
    expect((await payment.order(order.id))?.status).toBe('refunded');
  });

  it('a refund of a payment plan’s first payment in the dashboard changes nothing but the problem', async () => {
    const buyer = newSignedInBuyer('dashboard-plan');
    const response = await payment.call('/api/create-checkout-session', {
      caller: buyer,
      json: { items: [{ id: PLAN.id, quantity: 1 }], billingInfo: BILLING },
    });
    const { sessionId } = (await response.json()) as { sessionId: string };
    const intentId = api.pay(sessionId);
    expect(await sessionPaid(sessionId)).toBe('fulfilled');
    const order = (await payment.orderBySession(sessionId))!;
    api.refundInDashboard(intentId);
    expect(await chargeRefunded(intentId)).toBe('partial-refund');
    expect(await payment.order(order.id)).toMatchObject({
      status: 'fulfilled',
      problem:
        "Stripe reports a refund of $532.33 of this payment plan's first payment made outside the site; nothing was changed here and the plan goes on.",
    });
    expect(await refundedEventsOf(payment, order.id)).toHaveLength(0);
  });

  it('a charge of no order of ours changes nothing', async () => {
    const before = await payment.counts();
    const refundedBefore = (await payment.events('payment.order.refunded')).length;
    const charge = {
      id: 'ch_somebody_elses',
      object: 'charge',
      amount: 5000,
      amount_refunded: 5000,
      refunded: true,
      currency: 'usd',
      payment_intent: 'pi_somebody_elses',
      metadata: {},
    };
    expect(await webhook('charge.refunded', charge)).toBe('unknown-order');
    expect(await payment.counts()).toEqual({ ...before, providerEvents: before.providerEvents + 1 });
    expect(await payment.events('payment.order.refunded')).toHaveLength(refundedBefore);
  });

  it('a refund of a payment not fulfilled here yet is refused until it is, then recorded', async () => {
    const { sessionId } = await payment.checkout(undefined, newBuyerBilling());
    const intentId = api.pay(sessionId);
    const order = (await payment.orderBySession(sessionId))!;
    api.refundInDashboard(intentId);
    const eventId = `evt_early_${randomUUID()}`;
    const before = await payment.counts();
    const early = await postStripeEvent(
      payment,
      WEBHOOK_SECRET,
      'charge.refunded',
      api.charge(intentId),
      eventId,
    );
    expect(early.status).toBe(503);
    expect(early.headers.get('retry-after')).toBe('60');
    expect(await payment.counts()).toEqual(before);
    expect((await payment.order(order.id))?.status).toBe('pending');

    // The checkout's own webhook arrives; Stripe then delivers the refund again.
    expect(await sessionPaid(sessionId)).toBe('fulfilled');
    expect(await chargeRefunded(intentId, eventId)).toBe('refunded');
    expect((await payment.order(order.id))?.status).toBe('refunded');
    expect(await refundedEventsOf(payment, order.id)).toHaveLength(1);
  });
});

describe.each(backings())('refunds made on PayPal’s site on $name', (factory) => {
  let api: FakePaypalApi;
  let payment: PaymentUnderTest;
  useBacking(factory, async (backing) => {
    api = await FakePaypalApi.start();
    payment = await startPayment(backing, {
      env: {
        PAYPAL_CLIENT_ID,
        PAYPAL_CLIENT_SECRET,
        PAYPAL_WEBHOOK_ID,
        PAYPAL_API_BASE: api.url,
        PUBLIC_BASE_URL: 'https://shop.example',
      },
    });
    await payment.publishCatalogue();
    return { stop: () => payment.stop() };
  });
  afterAll(async () => {
    await api?.close();
  });

  /** The consultation bought with PayPal: approved on PayPal's page and captured on the way back. */
  async function fulfilled() {
    const created = await payment.call('/api/paypal/order', {
      json: {
        intent: 'CAPTURE',
        currency: 'USD',
        items: [{ id: 'restaurant-consultation', quantity: 1 }],
        billingInfo: newBuyerBilling(),
      },
    });
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: string };
    api.approve(id);
    const back = await payment.call(`/api/paypal/return?token=${id}&PayerID=BUYER1`, { redirect: 'manual' });
    expect(back.status).toBe(303);
    const order = (await payment.orderBySession(id))!;
    expect(order.status).toBe('fulfilled');
    return { order, captureId: order.providerPaymentId! };
  }

  async function captureRefunded(captureId: string, eventId = `WH-${randomUUID()}`) {
    const body = JSON.stringify({
      id: eventId,
      event_version: '1.0',
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource_type: 'refund',
      resource: api.refundResource(captureId),
    });
    const response = await payment.postWebhook('paypal', body, {
      'content-type': 'application/json',
      'paypal-transmission-id': randomUUID(),
      'paypal-transmission-time': payment.clock.now().toISOString(),
      'paypal-transmission-sig': GOOD_SIGNATURE,
      'paypal-cert-url':
        'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270',
      'paypal-auth-algo': 'SHA256withRSA',
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { outcome: string }).outcome;
  }

  it('a full refund made on PayPal’s site refunds the order once, also when the event comes again', async () => {
    const { order, captureId } = await fulfilled();
    api.refundInDashboard(captureId);
    const eventId = `WH-${randomUUID()}`;
    expect(await captureRefunded(captureId, eventId)).toBe('refunded');
    expect(await payment.order(order.id)).toMatchObject({
      status: 'refunded',
      refundReason: 'Refunded at PayPal',
    });
    const events = await refundedEventsOf(payment, order.id);
    expect(events.map((event) => event.data.amount)).toEqual([69700]);

    expect(await captureRefunded(captureId, eventId)).toBe('duplicate');
    expect(await captureRefunded(captureId)).toBe('already-refunded');
    expect(await refundedEventsOf(payment, order.id)).toHaveLength(1);
  });

  it("the site's own refund, reported by PayPal afterwards, changes nothing more", async () => {
    const { order, captureId } = await fulfilled();
    await expectOwnRefundReportedAgain(payment, order.id, () => captureRefunded(captureId));
  });

  it('a partial refund on PayPal’s site revokes nothing and tells the admin', async () => {
    const { order, captureId } = await fulfilled();
    api.refundInDashboard(captureId, 2_550);
    await expectPartialRefundShown(payment, order.id, () => captureRefunded(captureId), 'PayPal', '$25.50');
  });
});

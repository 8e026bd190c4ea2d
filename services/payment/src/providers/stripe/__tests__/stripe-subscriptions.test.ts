/**
 * The Stripe adapter's subscriptions (the membership plans), with the real `stripe` SDK against a local
 * server answering like Stripe's API: subscription-mode sessions, the renewal and end webhooks (signed
 * with generateTestHeaderString), and the refund of the latest paid invoice with the cancellation.
 */
import { describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { PaymentProviderError } from '../../payment-provider.js';
import { orderSeries } from '../../../__tests__/provider-adapters.js';
import { useStripeAdapter } from './stripe-suite.js';

const WEBHOOK_SECRET = 'whsec_subscription_test_secret';
const URLS = {
  successUrl: 'https://shop.example/checkout-success',
  cancelUrl: 'https://shop.example/checkout',
};

const { api, clock, stripe } = useStripeAdapter(WEBHOOK_SECRET);
const aPlanOrder = orderSeries('5ab1c0de-0000-4000-8000', {
  lines: [
    {
      productId: 'membership-quarterly',
      name: 'Quarterly Membership',
      unitPrice: 7999,
      quantity: 1,
      recurring: { interval: 'month', intervalCount: 3 },
    },
  ],
  total: 7999,
  currency: 'USD',
  customerEmail: 'member@bistro.example',
  customerName: 'Julia Child',
});

function signed(event: object) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
    timestamp: Math.floor(clock.now().getTime() / 1000),
  });
  return { body: Buffer.from(payload), headers: { 'stripe-signature': header } };
}

function stripeEvent(id: string, type: string, object: Record<string, unknown>) {
  return {
    id,
    object: 'event',
    type,
    api_version: Stripe.API_VERSION,
    created: Math.floor(clock.now().getTime() / 1000),
    data: { object },
  };
}

describe('a recurring product', () => {
  it('opens a subscription-mode session with a recurring price, keyed by the order id', async () => {
    const order = aPlanOrder();
    const created = await stripe.createCheckout(order, URLS);
    await stripe.createCheckout(order, URLS);

    const requests = api.server.requestsTo('/v1/checkout/sessions', 'POST');
    expect(requests.map((r) => r.headers['idempotency-key'])).toEqual([
      `checkout-${order.id}`,
      `checkout-${order.id}`,
    ]);
    const form = new URLSearchParams(requests[0]!.body);
    expect(Object.fromEntries(form)).toEqual({
      mode: 'subscription',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '7999',
      'line_items[0][price_data][product_data][name]': 'Quarterly Membership',
      'line_items[0][price_data][product_data][metadata][productId]': 'membership-quarterly',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][price_data][recurring][interval_count]': '3',
      customer_email: 'member@bistro.example',
      client_reference_id: order.id,
      'metadata[orderId]': order.id,
      'subscription_data[metadata][orderId]': order.id,
      success_url: 'https://shop.example/checkout-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://shop.example/checkout',
    });
    expect(api.session(created.providerSessionId).mode).toBe('subscription');
    expect(api.sessions.size).toBeGreaterThanOrEqual(1);
  });

  it('a one-time order stays in payment mode with no recurring price', async () => {
    const order = aPlanOrder({
      lines: [
        { productId: 'menu-review', name: 'Menu Review', unitPrice: 1999, quantity: 1, recurring: null },
      ],
      total: 1999,
    });
    await stripe.createCheckout(order, URLS);
    const form = new URLSearchParams(api.server.requestsTo('/v1/checkout/sessions', 'POST')[0]!.body);
    expect(form.get('mode')).toBe('payment');
    expect(form.get('payment_intent_data[metadata][orderId]')).toBe(order.id);
    expect(
      [...form.keys()].some((key) => key.includes('recurring') || key.startsWith('subscription_data')),
    ).toBe(false);
  });

  it('refuses to mix a recurring line with anything else, or to subscribe twice, before asking Stripe', async () => {
    const plan = aPlanOrder().lines[0]!;
    const mixed = aPlanOrder({
      lines: [plan, { productId: 'menu-review', name: 'Menu Review', unitPrice: 1999, quantity: 1 }],
      total: 7999 + 1999,
    });
    await expect(stripe.createCheckout(mixed, URLS)).rejects.toThrow(PaymentProviderError);
    const twice = aPlanOrder({ lines: [{ ...plan, quantity: 2 }], total: 2 * 7999 });
    await expect(stripe.createCheckout(twice, URLS)).rejects.toThrow(
      'A Stripe subscription checkout takes one recurring product and nothing else.',
    );
    expect(api.server.requestsTo('/v1/checkout/sessions')).toHaveLength(0);
  });

  it('a paid subscription session is paid, with its subscription and first invoice', async () => {
    const { providerSessionId } = await stripe.createCheckout(aPlanOrder(), URLS);
    await expect(stripe.getPaymentStatus(providerSessionId)).resolves.toMatchObject({ status: 'pending' });
    const { subscriptionId, invoice } = api.paySubscription(providerSessionId);
    await expect(stripe.getPaymentStatus(providerSessionId)).resolves.toEqual({
      providerSessionId,
      status: 'paid',
      amountTotal: 7999,
      currency: 'USD',
      providerPaymentId: invoice.id,
      providerSubscriptionId: subscriptionId,
    });
  });
});

describe('subscription webhooks', () => {
  function invoice(overrides: Record<string, unknown> = {}) {
    return {
      id: 'in_cycle_2',
      object: 'invoice',
      amount_paid: 7999,
      currency: 'usd',
      billing_reason: 'subscription_cycle',
      status: 'paid',
      status_transitions: { paid_at: 1_900_000_000 },
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: 'sub_hook', metadata: null },
      },
      lines: {
        object: 'list',
        data: [{ id: 'il_1', object: 'line_item', period: { start: 1_900_000_000, end: 1_907_776_000 } }],
      },
      ...overrides,
    };
  }

  it('invoice.paid of a later cycle is a renewal, with the amount and period Stripe collected', async () => {
    const { body, headers } = signed(stripeEvent('evt_renewal', 'invoice.paid', invoice()));
    await expect(stripe.verifyWebhook(body, headers)).resolves.toEqual({
      eventId: 'evt_renewal',
      kind: 'renewal-paid',
      providerSessionId: null,
      renewal: {
        subscriptionId: 'sub_hook',
        orderId: null,
        invoiceId: 'in_cycle_2',
        amount: 7999,
        currency: 'USD',
        periodStart: new Date(1_900_000_000_000),
        periodEnd: new Date(1_907_776_000_000),
        paidAt: new Date(1_900_000_000_000),
      },
    });
  });

  it('a renewal names the order its subscription was sold in, from the metadata the invoice carries', async () => {
    const orderId = '6f1c2a4e-8b0d-4c3e-9a57-1d2e3f4a5b6c';
    const carried = invoice({
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: 'sub_hook', metadata: { orderId } },
      },
    });
    const { body, headers } = signed(stripeEvent('evt_renewal_named', 'invoice.paid', carried));
    await expect(stripe.verifyWebhook(body, headers)).resolves.toMatchObject({
      kind: 'renewal-paid',
      renewal: { subscriptionId: 'sub_hook', orderId },
    });
  });

  it.each([
    ['the first invoice (the checkout’s own payment)', { billing_reason: 'subscription_create' }],
    ['an invoice of no subscription', { parent: null, billing_reason: 'manual' }],
  ])('invoice.paid of %s is ignored', async (_what, overrides) => {
    const { body, headers } = signed(stripeEvent('evt_first', 'invoice.paid', invoice(overrides)));
    await expect(stripe.verifyWebhook(body, headers)).resolves.toEqual({
      eventId: 'evt_first',
      kind: 'ignored',
      providerSessionId: null,
    });
  });

  it('customer.subscription.deleted ends the subscription, with our order id and Stripe’s reason', async () => {
    const subscription = {
      id: 'sub_hook',
      object: 'subscription',
      status: 'canceled',
      ended_at: 1_900_100_000,
      canceled_at: 1_900_000_000,
      metadata: { orderId: '5ab1c0de-0000-4000-8000-000000000999' },
      cancellation_details: { reason: 'payment_failed', comment: null, feedback: null },
    };
    const { body, headers } = signed(stripeEvent('evt_ended', 'customer.subscription.deleted', subscription));
    await expect(stripe.verifyWebhook(body, headers)).resolves.toEqual({
      eventId: 'evt_ended',
      kind: 'subscription-ended',
      providerSessionId: null,
      subscriptionEnd: {
        subscriptionId: 'sub_hook',
        orderId: '5ab1c0de-0000-4000-8000-000000000999',
        endedAt: new Date(1_900_100_000_000),
        reason: 'payment_failed',
      },
    });
  });
});

describe('refunding a subscription', () => {
  it('refunds the latest paid invoice’s payment and cancels the subscription, once', async () => {
    const order = aPlanOrder();
    const { providerSessionId } = await stripe.createCheckout(order, URLS);
    const { subscriptionId, invoice: first } = api.paySubscription(providerSessionId);
    const renewal = api.payInvoice(subscriptionId, 7999);
    api.server.requests.length = 0;

    const refunded = await stripe.subscriptions.refundAndCancel({ orderId: order.id, subscriptionId });
    const again = await stripe.subscriptions.refundAndCancel({ orderId: order.id, subscriptionId });

    expect(again).toEqual(refunded);
    expect(refunded.amount).toBe(7999);
    // In this API version an invoice has no payment_intent: the payment comes from its InvoicePayments.
    expect(api.server.requestsTo('/v1/invoices', 'GET')[0]!.query.get('subscription')).toBe(subscriptionId);
    expect(api.server.requestsTo('/v1/invoice_payments', 'GET')[0]!.query.get('invoice')).toBe(renewal.id);
    const refunds = api.refunds.filter((refund) => refund.payment_intent === renewal.paidBy);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.id).toBe(refunded.refundId);
    expect(api.refunds.some((refund) => refund.payment_intent === first.paidBy)).toBe(false);
    const refundRequests = api.server.requestsTo('/v1/refunds', 'POST');
    expect(refundRequests.map((r) => r.headers['idempotency-key'])).toEqual([
      `refund-${order.id}`,
      `refund-${order.id}`,
    ]);
    expect(new URLSearchParams(refundRequests[0]!.body).get('amount')).toBe('7999');
    // Cancelled once; the second call finds it cancelled and leaves it.
    const cancels = api.server.requestsTo(`/v1/subscriptions/${subscriptionId}`, 'DELETE');
    expect(cancels).toHaveLength(1);
    expect(cancels[0]!.headers['idempotency-key']).toBe(`cancel-${order.id}`);
    expect(api.subscriptions.get(subscriptionId)?.status).toBe('canceled');
  });

  it('a subscription Stripe already ended is refunded and not cancelled again', async () => {
    const order = aPlanOrder();
    const { providerSessionId } = await stripe.createCheckout(order, URLS);
    const { subscriptionId, invoice } = api.paySubscription(providerSessionId);
    api.subscriptions.get(subscriptionId)!.status = 'canceled';
    await stripe.subscriptions.refundAndCancel({ orderId: order.id, subscriptionId });
    expect(api.refunds.filter((refund) => refund.payment_intent === invoice.paidBy)).toHaveLength(1);
    expect(api.server.requestsTo(`/v1/subscriptions/${subscriptionId}`, 'DELETE')).toHaveLength(0);
  });

  it('a subscription with no paid invoice cannot be refunded', async () => {
    const failure = stripe.subscriptions.refundAndCancel({
      orderId: aPlanOrder().id,
      subscriptionId: 'sub_none',
    });
    await expect(failure).rejects.toThrow(PaymentProviderError);
    await expect(failure).rejects.toThrow('Stripe has no paid invoice for subscription sub_none.');
  });
});

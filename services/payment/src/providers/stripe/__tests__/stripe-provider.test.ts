/**
 * The Stripe adapter with the real `stripe` SDK pointed at a local server that answers like Stripe's API;
 * webhooks signed with the SDK's own generateTestHeaderString.
 */
import { describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { createConfiguredProviders } from '../../configured-providers.js';
import { PaymentProviderError, WebhookVerificationError } from '../../payment-provider.js';
import { orderSeries } from '../../../__tests__/provider-adapters.js';
import { closedPortUrl } from '../../__tests__/recording-server.js';
import { error, STRIPE_KEY } from './fake-stripe-api.js';
import { useStripeAdapter } from './stripe-suite.js';

const WEBHOOK_SECRET = 'whsec_adapter_test_secret';
const URLS = {
  successUrl: 'https://shop.example/checkout-success',
  cancelUrl: 'https://shop.example/checkout?cancelled=1',
};

const { api, clock, stripe, newProvider } = useStripeAdapter(WEBHOOK_SECRET);
const anOrder = orderSeries('0b7c5d2e-0000-4000-8000');

describe('creating a checkout', () => {
  it('opens a payment-mode Checkout Session priced in cents from the order, keyed by the order id', async () => {
    const order = anOrder();
    const created = await stripe.createCheckout(order, URLS);

    const [request] = api.server.requestsTo('/v1/checkout/sessions', 'POST');
    expect(request).toBeDefined();
    expect(request!.headers.authorization).toBe(`Bearer ${STRIPE_KEY}`);
    expect(request!.headers['idempotency-key']).toBe(`checkout-${order.id}`);
    const form = new URLSearchParams(request!.body);
    expect(form.get('mode')).toBe('payment');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('69700');
    expect(form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(form.get('line_items[0][price_data][product_data][name]')).toBe('Restaurant Management Course');
    expect(form.get('line_items[0][quantity]')).toBe('1');
    expect(form.get('line_items[1][price_data][unit_amount]')).toBe('1999');
    expect(form.get('line_items[1][quantity]')).toBe('3');
    expect(form.has('line_items[2][quantity]')).toBe(false);
    expect(form.get('customer_email')).toBe('guest@bistro.example');
    expect(form.get('client_reference_id')).toBe(order.id);
    expect(form.get('metadata[orderId]')).toBe(order.id);
    expect(form.get('payment_intent_data[metadata][orderId]')).toBe(order.id);
    expect(form.get('success_url')).toBe(
      'https://shop.example/checkout-success?session_id={CHECKOUT_SESSION_ID}',
    );
    expect(form.get('cancel_url')).toBe(URLS.cancelUrl);

    const session = api.session(created.providerSessionId);
    expect(session.amount_total).toBe(75697);
    expect(created).toEqual({
      providerSessionId: session.id,
      url: `https://checkout.stripe.com/c/pay/${session.id}`,
      links: [{ rel: 'approve', href: `https://checkout.stripe.com/c/pay/${session.id}`, method: 'GET' }],
    });
  });

  it('adds the session id placeholder after an existing query string', async () => {
    await stripe.createCheckout(anOrder(), {
      ...URLS,
      successUrl: 'https://shop.example/checkout-success?from=cart',
    });
    const form = new URLSearchParams(api.server.requestsTo('/v1/checkout/sessions')[0]!.body);
    expect(form.get('success_url')).toBe(
      'https://shop.example/checkout-success?from=cart&session_id={CHECKOUT_SESSION_ID}',
    );
  });

  it('asking twice for the same order opens one session (same idempotency key)', async () => {
    const order = anOrder();
    const first = await stripe.createCheckout(order, URLS);
    const second = await stripe.createCheckout(order, URLS);
    expect(second.providerSessionId).toBe(first.providerSessionId);
    const keys = api.server.requestsTo('/v1/checkout/sessions').map((r) => r.headers['idempotency-key']);
    expect(keys).toEqual([`checkout-${order.id}`, `checkout-${order.id}`]);
  });

  it('retries a failed request with the same idempotency key', async () => {
    const order = anOrder();
    api.failures.push(error(500, 'api_error', 'Something went wrong on our end.', undefined));
    const created = await newProvider({ maxNetworkRetries: 1 }).createCheckout(order, URLS);
    const attempts = api.server.requestsTo('/v1/checkout/sessions');
    expect(attempts).toHaveLength(2);
    expect(attempts.map((r) => r.headers['idempotency-key'])).toEqual([
      `checkout-${order.id}`,
      `checkout-${order.id}`,
    ]);
    expect(api.sessions.has(created.providerSessionId)).toBe(true);
  });

  it('refuses a session Stripe priced differently from the order', async () => {
    api.overrideAmountTotal = 100;
    const failure = stripe.createCheckout(anOrder(), URLS);
    await expect(failure).rejects.toThrow(PaymentProviderError);
    await expect(failure).rejects.toThrow(/100 cents instead of 75697/);
  });

  it('turns a refusal by Stripe into a 502-type error with Stripe’s reason', async () => {
    api.failures.push(error(400, 'invalid_request_error', 'Invalid email address: guest@', 'email_invalid'));
    const failure = await stripe.createCheckout(anOrder(), URLS).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PaymentProviderError);
    expect(failure).toMatchObject({
      status: 502,
      provider: 'stripe',
      upstreamStatus: 400,
      upstreamCode: 'email_invalid',
      message: 'Stripe could not create the checkout session: Invalid email address: guest@',
    });
  });

  it('does not repeat the API key when Stripe refuses it', async () => {
    const failure = await newProvider({ secretKey: 'sk_test_wrong_key_456' })
      .createCheckout(anOrder(), URLS)
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PaymentProviderError);
    expect((failure as Error).message).toBe(
      'Stripe refused our API key when asked to create the checkout session.',
    );
  });

  it('says plainly when Stripe cannot be reached', async () => {
    const offline = newProvider({ apiBase: await closedPortUrl() });
    const failure = await offline.createCheckout(anOrder(), URLS).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PaymentProviderError);
    expect((failure as Error).message).toBe('Could not reach Stripe to create the checkout session.');
  });
});

describe('reading the payment', () => {
  it('reads the session with its line items and payment intent expanded', async () => {
    const { providerSessionId } = await stripe.createCheckout(anOrder(), URLS);
    api.server.requests.length = 0;
    await stripe.getPaymentStatus(providerSessionId);
    const [request] = api.server.requests;
    expect(request!.method).toBe('GET');
    expect(request!.path).toBe(`/v1/checkout/sessions/${providerSessionId}`);
    expect(request!.query.getAll('expand[0]').concat(request!.query.getAll('expand[1]'))).toEqual([
      'line_items',
      'payment_intent',
    ]);
  });

  it('an open, unpaid session is pending', async () => {
    const { providerSessionId } = await stripe.createCheckout(anOrder(), URLS);
    await expect(stripe.getPaymentStatus(providerSessionId)).resolves.toEqual({
      providerSessionId,
      status: 'pending',
      amountTotal: 75697,
      currency: 'USD',
      providerPaymentId: null,
    });
  });

  it('a paid session is paid, with the payment intent to refund against', async () => {
    const { providerSessionId } = await stripe.createCheckout(anOrder(), URLS);
    const intentId = api.pay(providerSessionId);
    const expected = {
      providerSessionId,
      status: 'paid',
      amountTotal: 75697,
      currency: 'USD',
      providerPaymentId: intentId,
    };
    await expect(stripe.getPaymentStatus(providerSessionId)).resolves.toEqual(expected);
    await expect(stripe.capture(providerSessionId)).resolves.toEqual(expected);
  });

  it('an expired session has failed', async () => {
    const { providerSessionId } = await stripe.createCheckout(anOrder(), URLS);
    api.session(providerSessionId).status = 'expired';
    await expect(stripe.getPaymentStatus(providerSessionId)).resolves.toMatchObject({ status: 'failed' });
  });

  it('a delayed payment is pending while it processes and failed when the bank refuses it', async () => {
    const { providerSessionId } = await stripe.createCheckout(anOrder(), URLS);
    const intentId = api.pay(providerSessionId, 'processing', 'unpaid');
    await expect(stripe.getPaymentStatus(providerSessionId)).resolves.toMatchObject({ status: 'pending' });
    api.intents.get(intentId)!.status = 'requires_payment_method';
    await expect(stripe.getPaymentStatus(providerSessionId)).resolves.toMatchObject({
      status: 'failed',
      providerPaymentId: intentId,
    });
  });

  it('a session Stripe does not know is a provider error with its 404', async () => {
    const failure = await stripe.getPaymentStatus('cs_test_nobody').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PaymentProviderError);
    expect(failure).toMatchObject({ status: 502, upstreamStatus: 404, upstreamCode: 'resource_missing' });
  });
});

describe('webhooks', () => {
  function signed(event: object, options: { secret?: string; timestamp?: number } = {}) {
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
      timestamp: options.timestamp ?? Math.floor(clock.now().getTime() / 1000),
    });
    return { body: Buffer.from(payload), headers: { 'stripe-signature': header } };
  }

  function checkoutEvent(type: string, session: Record<string, unknown> = {}) {
    return {
      id: `evt_${type.replace(/\W/g, '_')}`,
      object: 'event',
      type,
      api_version: Stripe.API_VERSION,
      created: Math.floor(clock.now().getTime() / 1000),
      data: {
        object: { id: 'cs_test_hook', object: 'checkout.session', payment_status: 'paid', ...session },
      },
    };
  }

  it.each([
    ['checkout.session.completed', 'paid', 'paid'],
    ['checkout.session.completed', 'unpaid', 'ignored'],
    ['checkout.session.async_payment_succeeded', 'paid', 'paid'],
    ['checkout.session.async_payment_failed', 'unpaid', 'failed'],
    ['checkout.session.expired', 'unpaid', 'failed'],
  ])('%s with payment_status %s is %s', async (type, paymentStatus, kind) => {
    const { body, headers } = signed(checkoutEvent(type, { payment_status: paymentStatus }));
    await expect(stripe.verifyWebhook(body, headers)).resolves.toEqual({
      eventId: `evt_${type.replace(/\W/g, '_')}`,
      kind,
      providerSessionId: 'cs_test_hook',
    });
  });

  it('other events are ignored', async () => {
    const event = {
      ...checkoutEvent('payment_intent.succeeded'),
      data: { object: { id: 'pi_1', object: 'payment_intent' } },
    };
    const { body, headers } = signed(event);
    await expect(stripe.verifyWebhook(body, headers)).resolves.toEqual({
      eventId: 'evt_payment_intent_succeeded',
      kind: 'ignored',
      providerSessionId: null,
    });
  });

  it('charge.refunded names the payment intent, the order id, what is refunded so far and whether all of it', async () => {
    const charge = (fields: Record<string, unknown>) => ({
      ...checkoutEvent('charge.refunded'),
      data: {
        object: {
          id: 'ch_1',
          object: 'charge',
          amount: 69700,
          amount_refunded: 69700,
          payment_intent: 'pi_1',
          metadata: { orderId: 'order-1' },
          ...fields,
        },
      },
    });
    const full = signed(charge({}));
    await expect(stripe.verifyWebhook(full.body, full.headers)).resolves.toEqual({
      eventId: 'evt_charge_refunded',
      kind: 'refunded',
      providerSessionId: null,
      refund: {
        providerPaymentId: 'pi_1',
        orderId: 'order-1',
        amountRefunded: 69700,
        full: true,
        refundId: null,
      },
    });
    const part = signed(charge({ amount_refunded: 100, metadata: {} }));
    await expect(stripe.verifyWebhook(part.body, part.headers)).resolves.toMatchObject({
      refund: { amountRefunded: 100, full: false, orderId: null },
    });
    const noIntent = signed(charge({ payment_intent: null }));
    await expect(stripe.verifyWebhook(noIntent.body, noIntent.headers)).resolves.toMatchObject({
      kind: 'ignored',
    });
  });

  it('refuses a webhook signed with another secret', async () => {
    const { body, headers } = signed(checkoutEvent('checkout.session.completed'), {
      secret: 'whsec_someone_else',
    });
    await expect(stripe.verifyWebhook(body, headers)).rejects.toThrow(WebhookVerificationError);
  });

  it('refuses a webhook whose body was changed after signing', async () => {
    const { body, headers } = signed(checkoutEvent('checkout.session.expired', { payment_status: 'unpaid' }));
    const tampered = Buffer.from(
      body.toString().replace('checkout.session.expired', 'checkout.session.completed'),
    );
    await expect(stripe.verifyWebhook(tampered, headers)).rejects.toThrow(WebhookVerificationError);
  });

  it('refuses a webhook signed more than 300 s ago, accepts one signed 300 s ago', async () => {
    const now = Math.floor(clock.now().getTime() / 1000);
    const event = checkoutEvent('checkout.session.completed');
    const stale = signed(event, { timestamp: now - 301 });
    await expect(stripe.verifyWebhook(stale.body, stale.headers)).rejects.toThrow(/tolerance/);
    const justInTime = signed(event, { timestamp: now - 300 });
    await expect(stripe.verifyWebhook(justInTime.body, justInTime.headers)).resolves.toMatchObject({
      kind: 'paid',
    });
  });

  it('refuses a webhook without a signature', async () => {
    const { body } = signed(checkoutEvent('checkout.session.completed'));
    await expect(stripe.verifyWebhook(body, {})).rejects.toThrow('The Stripe-Signature header is missing.');
  });
});

describe('refunds', () => {
  it('refunds the payment intent once per order', async () => {
    const order = anOrder();
    const { providerSessionId } = await stripe.createCheckout(order, URLS);
    const intentId = api.pay(providerSessionId);
    api.server.requests.length = 0;

    const payment = { orderId: order.id, providerPaymentId: intentId, amount: order.total };
    const first = await stripe.refund(payment);
    const again = await stripe.refund(payment);

    expect(again).toEqual(first);
    expect(api.refunds.filter((refund) => refund.payment_intent === intentId)).toHaveLength(1);
    const requests = api.server.requestsTo('/v1/refunds', 'POST');
    expect(requests.map((r) => r.headers['idempotency-key'])).toEqual([
      `refund-${order.id}`,
      `refund-${order.id}`,
    ]);
    const form = new URLSearchParams(requests[0]!.body);
    expect(form.get('payment_intent')).toBe(intentId);
    expect(form.get('amount')).toBe('75697');
    expect(form.get('metadata[orderId]')).toBe(order.id);
  });

  it('finds the refund already made when Stripe has forgotten the idempotency key', async () => {
    const order = anOrder();
    const { providerSessionId } = await stripe.createCheckout(order, URLS);
    const intentId = api.pay(providerSessionId);
    api.refunds.push({
      id: 're_made_yesterday',
      object: 'refund',
      status: 'succeeded',
      amount: order.total,
      payment_intent: intentId,
    });

    await expect(
      stripe.refund({ orderId: order.id, providerPaymentId: intentId, amount: order.total }),
    ).resolves.toEqual({
      refundId: 're_made_yesterday',
    });
    expect(api.refunds.filter((refund) => refund.payment_intent === intentId)).toHaveLength(1);
    expect(api.server.requestsTo('/v1/refunds', 'GET')[0]!.query.get('payment_intent')).toBe(intentId);
  });

  it('a payment Stripe does not know cannot be refunded', async () => {
    const failure = stripe.refund({ orderId: anOrder().id, providerPaymentId: 'pi_unknown', amount: 100 });
    await expect(failure).rejects.toThrow(PaymentProviderError);
    await expect(failure).rejects.toThrow(
      "Stripe could not refund the payment: No such payment_intent: 'pi_unknown'",
    );
  });
});

describe('configuration', () => {
  it('STRIPE_API_BASE points the configured provider at another host and port', async () => {
    const { stripe: configured, paypal } = createConfiguredProviders(
      {
        STRIPE_SECRET_KEY: STRIPE_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: api.url,
        PAYPAL_API_BASE: 'https://api-m.sandbox.paypal.com',
      },
      { clock, stripeMaxNetworkRetries: 0 },
    );
    expect(paypal).toBeNull();
    expect(configured?.name).toBe('stripe');
    const created = await configured!.createCheckout(anOrder(), URLS);
    expect(api.sessions.has(created.providerSessionId)).toBe(true);
  });
});

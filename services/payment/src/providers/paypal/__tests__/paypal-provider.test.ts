/**
 * The PayPal Orders v2 adapter against a local server that answers like PayPal's REST API: what it sends
 * (token, amounts as strings, PayPal-Request-Id, URLs) and how it reads PayPal's answers and webhooks.
 */
import { beforeEach, describe, expect, it } from '@jest/globals';
import { SettableClock } from '@platform/service-kit/clock';
import { createConfiguredProviders, ProviderSettingsError } from '../../configured-providers.js';
import { PaymentProviderError, WebhookVerificationError } from '../../payment-provider.js';
import { orderSeries, useFakeProviderApi } from '../../../__tests__/provider-adapters.js';
import { closedPortUrl } from '../../__tests__/recording-server.js';
import { centsToPaypalValue, PaypalProvider, paypalValueToCents } from '../paypal-provider.js';
import {
  FakePaypalApi,
  GOOD_SIGNATURE,
  PAYPAL_CLIENT_ID,
  PAYPAL_CLIENT_SECRET,
  PAYPAL_WEBHOOK_ID,
} from './fake-paypal-api.js';

const URLS = {
  successUrl: 'https://shop.example/api/paypal/return',
  cancelUrl: 'https://shop.example/checkout?cancelled=1',
};

let api: FakePaypalApi;
let clock: SettableClock;
let paypal: PaypalProvider;
const anOrder = orderSeries('7f1e2d3c-0000-4000-8000');

function newProvider(overrides: { clientSecret?: string; apiBase?: string } = {}) {
  return new PaypalProvider({
    clientId: PAYPAL_CLIENT_ID,
    clientSecret: overrides.clientSecret ?? PAYPAL_CLIENT_SECRET,
    webhookId: PAYPAL_WEBHOOK_ID,
    apiBase: overrides.apiBase ?? api.url,
    clock,
    timeoutMs: 5_000,
  });
}

/** A checkout the buyer has approved on PayPal's page. */
async function approvedCheckout() {
  const order = anOrder();
  const created = await paypal.createCheckout(order, URLS);
  api.approve(created.providerSessionId);
  api.server.requests.length = 0;
  return { order, paypalOrderId: created.providerSessionId };
}

function json(body: string): Record<string, unknown> {
  return JSON.parse(body) as Record<string, unknown>;
}

useFakeProviderApi(FakePaypalApi, (started) => (api = started));

beforeEach(() => {
  clock = new SettableClock('2030-03-01T12:00:00Z');
  paypal = newProvider();
  api.nextCaptureStatus = 'COMPLETED';
  api.declineInstrument = false;
  api.failures.length = 0;
});

describe('amounts', () => {
  it('are sent as two-decimal strings and read back as cents without floats', () => {
    expect(centsToPaypalValue(69700)).toBe('697.00');
    expect(centsToPaypalValue(1999)).toBe('19.99');
    expect(centsToPaypalValue(5)).toBe('0.05');
    expect(paypalValueToCents('697.00')).toBe(69700);
    expect(paypalValueToCents('0.1')).toBe(10);
    expect(paypalValueToCents('1597')).toBe(159700);
    expect(() => paypalValueToCents('6.999')).toThrow(PaymentProviderError);
    expect(() => centsToPaypalValue(1.5)).toThrow();
  });
});

describe('creating an order', () => {
  it('signs in with the client credentials and creates a CAPTURE order priced from the order', async () => {
    const order = anOrder();
    const created = await paypal.createCheckout(order, URLS);

    const [tokenRequest, createRequest] = api.server.requests;
    expect(tokenRequest!.path).toBe('/v1/oauth2/token');
    expect(tokenRequest!.headers.authorization).toBe(
      `Basic ${Buffer.from(`${PAYPAL_CLIENT_ID}:${PAYPAL_CLIENT_SECRET}`).toString('base64')}`,
    );
    expect(tokenRequest!.body).toBe('grant_type=client_credentials');

    expect(createRequest!.method).toBe('POST');
    expect(createRequest!.path).toBe('/v2/checkout/orders');
    expect(createRequest!.headers.authorization).toMatch(/^Bearer A21AA-token-\d+$/);
    expect(createRequest!.headers['paypal-request-id']).toBe(`checkout-${order.id}`);
    expect(createRequest!.headers['content-type']).toBe('application/json');
    expect(json(createRequest!.body)).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: order.id,
          custom_id: order.id,
          invoice_id: order.id,
          amount: {
            currency_code: 'USD',
            value: '756.97',
            breakdown: { item_total: { currency_code: 'USD', value: '756.97' } },
          },
          items: [
            {
              name: 'Restaurant Management Course',
              sku: 'restaurant-management-course',
              quantity: '1',
              unit_amount: { currency_code: 'USD', value: '697.00' },
            },
            {
              name: 'Menu Review',
              sku: 'menu-review',
              quantity: '3',
              unit_amount: { currency_code: 'USD', value: '19.99' },
            },
          ],
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: URLS.successUrl,
            cancel_url: URLS.cancelUrl,
            user_action: 'PAY_NOW',
            shipping_preference: 'NO_SHIPPING',
          },
        },
      },
    });

    const approveHref = `https://www.sandbox.paypal.com/checkoutnow?token=${created.providerSessionId}`;
    expect(api.orders.has(created.providerSessionId)).toBe(true);
    expect(created.url).toBe(approveHref);
    expect(created.links).toContainEqual({ rel: 'payer-action', href: approveHref, method: 'GET' });
    expect(created.links).toContainEqual({ rel: 'approve', href: approveHref, method: 'GET' });
  });

  it('asking twice for the same order creates one PayPal order', async () => {
    const order = anOrder();
    const first = await paypal.createCheckout(order, URLS);
    const second = await paypal.createCheckout(order, URLS);
    expect(second.providerSessionId).toBe(first.providerSessionId);
    expect(api.server.requestsTo('/v2/checkout/orders').map((r) => r.headers['paypal-request-id'])).toEqual([
      `checkout-${order.id}`,
      `checkout-${order.id}`,
    ]);
  });

  it('reuses the token until it expires, then signs in again', async () => {
    const before = api.tokensIssued;
    await paypal.createCheckout(anOrder(), URLS);
    await paypal.createCheckout(anOrder(), URLS);
    expect(api.tokensIssued - before).toBe(1);
    clock.advance(api.tokenLifetimeSeconds * 1000);
    await paypal.createCheckout(anOrder(), URLS);
    expect(api.tokensIssued - before).toBe(2);
  });

  it('signs in again once when PayPal no longer accepts the token', async () => {
    await paypal.createCheckout(anOrder(), URLS);
    api.expireTokens();
    api.server.requests.length = 0;
    await paypal.createCheckout(anOrder(), URLS);
    expect(api.server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v2/checkout/orders',
      'POST /v1/oauth2/token',
      'POST /v2/checkout/orders',
    ]);
  });

  it('refused client credentials give a clear error without the secret', async () => {
    const failure = await newProvider({ clientSecret: 'wrong-secret-789' })
      .createCheckout(anOrder(), URLS)
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PaymentProviderError);
    expect(failure).toMatchObject({ status: 502, message: 'PayPal refused our client id and secret.' });
    expect((failure as Error).message).not.toContain('wrong-secret');
  });

  it('a PayPal failure becomes a 502-type error naming PayPal’s issue', async () => {
    api.failures.push({
      status: 500,
      body: {
        name: 'INTERNAL_SERVER_ERROR',
        message: 'An internal server error has occurred.',
        debug_id: '90957fca61718',
      },
    });
    const failure = await paypal.createCheckout(anOrder(), URLS).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PaymentProviderError);
    expect(failure).toMatchObject({
      status: 502,
      upstreamStatus: 500,
      upstreamCode: 'INTERNAL_SERVER_ERROR',
      message:
        'PayPal could not create the order: INTERNAL_SERVER_ERROR: An internal server error has occurred. (debug id 90957fca61718)',
    });
  });

  it('says plainly when PayPal cannot be reached', async () => {
    const failure = await newProvider({ apiBase: await closedPortUrl() })
      .createCheckout(anOrder(), URLS)
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PaymentProviderError);
    expect((failure as Error).message).toBe('Could not reach PayPal to sign in.');
  });

  it('an answer without an approval link is an error', async () => {
    api.failures.push({ status: 201, body: { id: 'NOLINKS1', status: 'CREATED', links: [] } });
    await expect(paypal.createCheckout(anOrder(), URLS)).rejects.toThrow(
      'PayPal did not return an approval link for the order.',
    );
  });
});

describe('capturing', () => {
  it('captures an approved order once per order and is paid when the capture is COMPLETED', async () => {
    const { order, paypalOrderId } = await approvedCheckout();
    const status = await paypal.capture(paypalOrderId, order.id);

    const [request] = api.server.requests;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe(`/v2/checkout/orders/${paypalOrderId}/capture`);
    expect(request!.headers['paypal-request-id']).toBe(`capture-${order.id}`);
    expect(request!.headers.authorization).toMatch(/^Bearer /);
    const captureId = api.order(paypalOrderId).purchase_units[0]!.payments!.captures![0]!.id;
    expect(status).toEqual({
      providerSessionId: paypalOrderId,
      status: 'paid',
      amountTotal: 75697,
      currency: 'USD',
      providerPaymentId: captureId,
    });
  });

  it('a PENDING capture is pending, a DECLINED one failed', async () => {
    api.nextCaptureStatus = 'PENDING';
    const pending = await approvedCheckout();
    await expect(paypal.capture(pending.paypalOrderId, pending.order.id)).resolves.toMatchObject({
      status: 'pending',
    });

    api.nextCaptureStatus = 'DECLINED';
    const declined = await approvedCheckout();
    await expect(paypal.capture(declined.paypalOrderId, declined.order.id)).resolves.toMatchObject({
      status: 'failed',
    });
  });

  it('a repeated capture gets PayPal’s first answer (same PayPal-Request-Id)', async () => {
    const { order, paypalOrderId } = await approvedCheckout();
    const first = await paypal.capture(paypalOrderId, order.id);
    await expect(paypal.capture(paypalOrderId, order.id)).resolves.toEqual(first);
    expect(api.order(paypalOrderId).purchase_units[0]!.payments!.captures).toHaveLength(1);
  });

  it('an order captured already is read instead (ORDER_ALREADY_CAPTURED)', async () => {
    const { order, paypalOrderId } = await approvedCheckout();
    const first = await paypal.capture(paypalOrderId, order.id);
    api.forgetRequestIds();
    api.server.requests.length = 0;

    await expect(paypal.capture(paypalOrderId, order.id)).resolves.toEqual(first);
    expect(api.server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /v2/checkout/orders/${paypalOrderId}/capture`,
      `GET /v2/checkout/orders/${paypalOrderId}`,
    ]);
  });

  it('refuses a PayPal order that belongs to another of our orders', async () => {
    const { paypalOrderId } = await approvedCheckout();
    const failure = paypal.capture(paypalOrderId, 'another-order-id');
    await expect(failure).rejects.toThrow(PaymentProviderError);
    await expect(failure).rejects.toThrow(`PayPal order ${paypalOrderId} belongs to another order.`);
  });

  it('an order the buyer has not approved yet is pending', async () => {
    const order = anOrder();
    const { providerSessionId } = await paypal.createCheckout(order, URLS);
    await expect(paypal.capture(providerSessionId, order.id)).resolves.toMatchObject({
      status: 'pending',
      providerPaymentId: null,
    });
  });

  it('a refused card at capture (INSTRUMENT_DECLINED) has failed', async () => {
    api.declineInstrument = true;
    const { order, paypalOrderId } = await approvedCheckout();
    await expect(paypal.capture(paypalOrderId, order.id)).resolves.toMatchObject({ status: 'failed' });
  });
});

describe('reading the payment', () => {
  it.each([
    ['CREATED', 'pending'],
    ['PAYER_ACTION_REQUIRED', 'pending'],
    ['APPROVED', 'pending'],
    ['VOIDED', 'failed'],
  ])('an order %s is %s', async (paypalStatus, status) => {
    const order = anOrder();
    const { providerSessionId } = await paypal.createCheckout(order, URLS);
    api.order(providerSessionId).status = paypalStatus;
    api.server.requests.length = 0;
    await expect(paypal.getPaymentStatus(providerSessionId)).resolves.toEqual({
      providerSessionId,
      status,
      amountTotal: 75697,
      currency: 'USD',
      providerPaymentId: null,
    });
    expect(api.server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v2/checkout/orders/${providerSessionId}`,
    ]);
  });

  it('a COMPLETED order is paid only with a COMPLETED capture', async () => {
    const { order, paypalOrderId } = await approvedCheckout();
    await paypal.capture(paypalOrderId, order.id);
    await expect(paypal.getPaymentStatus(paypalOrderId)).resolves.toMatchObject({ status: 'paid' });
    api.order(paypalOrderId).purchase_units[0]!.payments!.captures![0]!.status = 'PENDING';
    await expect(paypal.getPaymentStatus(paypalOrderId)).resolves.toMatchObject({ status: 'pending' });
  });

  it('an unknown order is a provider error with its 404', async () => {
    const failure = await paypal.getPaymentStatus('NOSUCHORDER').catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 502, upstreamStatus: 404, upstreamCode: 'INVALID_RESOURCE_ID' });
  });
});

describe('webhooks', () => {
  function delivery(event: string, overrides: Record<string, string | undefined> = {}) {
    return {
      body: Buffer.from(event),
      headers: {
        'paypal-transmission-id': '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
        'paypal-transmission-time': clock.now().toISOString(),
        'paypal-transmission-sig': GOOD_SIGNATURE,
        'paypal-cert-url':
          'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270',
        'paypal-auth-algo': 'SHA256withRSA',
        ...overrides,
      },
    };
  }

  // Spaces and a "1.50" PayPal might send: re-serialising would change the signed bytes.
  const captureCompleted = `{"id":"WH-58D329510W468432D-8HN650336L201105X", "event_type":"PAYMENT.CAPTURE.COMPLETED","resource_type":"capture","summary":"Payment completed for $ 697.0 USD","fee":1.50,"resource":{"id":"3C679366HH908993F","status":"COMPLETED","amount":{"currency_code":"USD","value":"697.00"},"supplementary_data":{"related_ids":{"order_id":"5O190127TN364715T"}}}}`;

  it('checks the signature with PayPal, sending the transmission headers, our webhook id and the event as sent', async () => {
    const { body, headers } = delivery(captureCompleted);
    await expect(paypal.verifyWebhook(body, headers)).resolves.toEqual({
      eventId: 'WH-58D329510W468432D-8HN650336L201105X',
      kind: 'paid',
      providerSessionId: '5O190127TN364715T',
    });
    const [request] = api.server.requestsTo('/v1/notifications/verify-webhook-signature', 'POST');
    expect(request!.headers.authorization).toMatch(/^Bearer /);
    expect(request!.body).toContain(`"webhook_event":${captureCompleted}}`);
    expect(json(request!.body)).toMatchObject({
      transmission_id: headers['paypal-transmission-id'],
      transmission_time: headers['paypal-transmission-time'],
      transmission_sig: GOOD_SIGNATURE,
      cert_url: headers['paypal-cert-url'],
      auth_algo: 'SHA256withRSA',
      webhook_id: PAYPAL_WEBHOOK_ID,
    });
  });

  it.each([
    ['PAYMENT.CAPTURE.DENIED', 'failed', '5O190127TN364715T'],
    ['PAYMENT.CAPTURE.PENDING', 'ignored', null],
    ['CHECKOUT.ORDER.APPROVED', 'ignored', null],
  ])('%s is %s', async (eventType, kind, providerSessionId) => {
    const { body, headers } = delivery(captureCompleted.replace('PAYMENT.CAPTURE.COMPLETED', eventType));
    await expect(paypal.verifyWebhook(body, headers)).resolves.toEqual({
      eventId: 'WH-58D329510W468432D-8HN650336L201105X',
      kind,
      providerSessionId,
    });
  });

  it('PAYMENT.CAPTURE.REFUNDED reads the refunded capture: whose it is, and whether all of it is refunded', async () => {
    const { order, paypalOrderId } = await approvedCheckout();
    const { providerPaymentId } = await paypal.capture(paypalOrderId, order.id);
    const captureId = providerPaymentId!;
    const refunded = (resource: Record<string, unknown>) =>
      delivery(JSON.stringify({ id: 'WH-REFUND-1', event_type: 'PAYMENT.CAPTURE.REFUNDED', resource }));

    api.refundInDashboard(captureId, 1_000);
    const part = refunded(api.refundResource(captureId));
    await expect(paypal.verifyWebhook(part.body, part.headers)).resolves.toEqual({
      eventId: 'WH-REFUND-1',
      kind: 'refunded',
      providerSessionId: null,
      refund: {
        providerPaymentId: captureId,
        orderId: order.id,
        amountRefunded: 1_000,
        full: false,
        refundId: api.refundResource(captureId).id,
      },
    });
    expect(api.server.requestsTo(`/v2/payments/captures/${captureId}`, 'GET')).toHaveLength(1);

    api.refundInDashboard(captureId);
    const all = refunded(api.refundResource(captureId));
    await expect(paypal.verifyWebhook(all.body, all.headers)).resolves.toMatchObject({
      refund: { amountRefunded: order.total, full: true },
    });

    const { links: _links, ...withoutCapture } = api.refundResource(captureId);
    const unknown = refunded(withoutCapture);
    await expect(paypal.verifyWebhook(unknown.body, unknown.headers)).resolves.toMatchObject({
      kind: 'ignored',
    });
  });

  it('refuses a webhook PayPal does not verify (FAILURE)', async () => {
    const { body, headers } = delivery(captureCompleted, { 'paypal-transmission-sig': 'Zm9yZ2Vk' });
    await expect(paypal.verifyWebhook(body, headers)).rejects.toThrow(
      new WebhookVerificationError('PayPal did not verify the webhook (FAILURE).'),
    );
  });

  it('refuses a webhook sent more than 300 s ago without asking PayPal', async () => {
    const sent = new Date(clock.now().getTime() - 301_000).toISOString();
    const { body, headers } = delivery(captureCompleted, { 'paypal-transmission-time': sent });
    await expect(paypal.verifyWebhook(body, headers)).rejects.toThrow(/outside the 300 s tolerance/);
    expect(api.server.requestsTo('/v1/notifications/verify-webhook-signature')).toHaveLength(0);

    const inTime = delivery(captureCompleted, {
      'paypal-transmission-time': new Date(clock.now().getTime() - 299_000).toISOString(),
    });
    await expect(paypal.verifyWebhook(inTime.body, inTime.headers)).resolves.toMatchObject({ kind: 'paid' });
  });

  it('refuses a webhook with a transmission header missing or a body that is not an event', async () => {
    const missing = delivery(captureCompleted, { 'paypal-cert-url': undefined });
    await expect(paypal.verifyWebhook(missing.body, missing.headers)).rejects.toThrow(
      'The paypal-cert-url header is missing.',
    );
    const garbled = delivery('{"id": "WH-1", "event_type": ');
    await expect(paypal.verifyWebhook(garbled.body, garbled.headers)).rejects.toThrow(
      'The PayPal webhook body is not JSON.',
    );
    const notEvent = delivery('{"hello":"world"}');
    await expect(paypal.verifyWebhook(notEvent.body, notEvent.headers)).rejects.toThrow(
      WebhookVerificationError,
    );
    expect(api.server.requestsTo('/v1/notifications/verify-webhook-signature')).toHaveLength(0);
  });

  it('when PayPal cannot verify right now it is a provider error, so PayPal delivers again later', async () => {
    const { body, headers } = delivery(captureCompleted);
    await paypal.createCheckout(anOrder(), URLS); // a cached token, so the failure hits the verify call
    api.failures.push({
      status: 503,
      body: { name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable.' },
    });
    const failure = await paypal.verifyWebhook(body, headers).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PaymentProviderError);
    expect(failure).not.toBeInstanceOf(WebhookVerificationError);
  });
});

describe('refunds', () => {
  it('refunds the capture once per order', async () => {
    const { order, paypalOrderId } = await approvedCheckout();
    const { providerPaymentId } = await paypal.capture(paypalOrderId, order.id);
    api.server.requests.length = 0;

    const payment = { orderId: order.id, providerPaymentId: providerPaymentId!, amount: order.total };
    const first = await paypal.refund(payment);
    const again = await paypal.refund(payment);

    expect(again).toEqual(first);
    const requests = api.server.requestsTo(`/v2/payments/captures/${providerPaymentId}/refund`, 'POST');
    expect(requests.map((r) => r.headers['paypal-request-id'])).toEqual([
      `refund-${order.id}`,
      `refund-${order.id}`,
    ]);
    expect(json(requests[0]!.body)).toEqual({ amount: { currency_code: 'USD', value: '756.97' } });
    expect(api.order(paypalOrderId).purchase_units[0]!.payments!.refunds).toHaveLength(1);
  });

  it('finds the refund already made when PayPal has forgotten the request id (CAPTURE_FULLY_REFUNDED)', async () => {
    const { order, paypalOrderId } = await approvedCheckout();
    const { providerPaymentId } = await paypal.capture(paypalOrderId, order.id);
    const { refundId } = await paypal.refund({
      orderId: order.id,
      providerPaymentId: providerPaymentId!,
      amount: order.total,
    });
    api.forgetRequestIds();
    await expect(
      paypal.refund({ orderId: order.id, providerPaymentId: providerPaymentId!, amount: order.total }),
    ).resolves.toEqual({ refundId });
    expect(api.order(paypalOrderId).purchase_units[0]!.payments!.refunds).toHaveLength(1);
  });

  it('a capture PayPal does not know cannot be refunded', async () => {
    const failure = paypal.refund({ orderId: anOrder().id, providerPaymentId: 'NOSUCHCAPTURE', amount: 100 });
    await expect(failure).rejects.toThrow(PaymentProviderError);
    await expect(failure).rejects.toThrow(/PayPal could not refund the payment: INVALID_RESOURCE_ID/);
  });
});

describe('configuration', () => {
  const none = { PAYPAL_API_BASE: 'https://api-m.sandbox.paypal.com' };

  it('without keys no real provider is configured', () => {
    expect(createConfiguredProviders(none)).toEqual({ stripe: null, paypal: null });
  });

  it('PayPal needs its client id, secret and webhook id; PAYPAL_API_BASE chooses the server', async () => {
    const { paypal: configured, stripe } = createConfiguredProviders(
      {
        PAYPAL_CLIENT_ID,
        PAYPAL_CLIENT_SECRET,
        PAYPAL_WEBHOOK_ID,
        PAYPAL_API_BASE: api.url,
      },
      { clock },
    );
    expect(stripe).toBeNull();
    expect(configured?.name).toBe('paypal');
    const created = await configured!.createCheckout(anOrder(), URLS);
    expect(api.orders.has(created.providerSessionId)).toBe(true);
  });

  it('half a configuration stops the service with the names of what is missing', () => {
    expect(() => createConfiguredProviders({ ...none, PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET })).toThrow(
      new ProviderSettingsError(
        'PayPal is half configured: PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET are set but PAYPAL_WEBHOOK_ID is not.',
      ),
    );
    expect(() => createConfiguredProviders({ ...none, STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      'Stripe is half configured: STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not.',
    );
  });
});

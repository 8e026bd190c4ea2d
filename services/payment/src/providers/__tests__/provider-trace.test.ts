/**
 * A checkout continues the buyer's trace into the payment provider (docs/decisions.md, 82): the payment
 * service, sent a request with a `traceparent` as the gateway sends it, calls Stripe's and PayPal's test
 * peers with a `traceparent` of the same trace, from a span of its own.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import { useBacking } from '@platform/service-kit/testing';
import { backings, newBuyerBilling, startPayment, type PaymentUnderTest } from '../../__tests__/harness.js';
import {
  FakePaypalApi,
  PAYPAL_CLIENT_ID,
  PAYPAL_CLIENT_SECRET,
  PAYPAL_WEBHOOK_ID,
} from '../paypal/__tests__/fake-paypal-api.js';
import { FakeStripeApi, STRIPE_KEY } from '../stripe/__tests__/fake-stripe-api.js';
import type { RecordedRequest } from './recording-server.js';

const CONSULTATION = [{ id: 'restaurant-consultation', quantity: 1 }];

/** A `traceparent` of a new trace, as the gateway's span would send it. */
function newTraceparent(): { traceId: string; spanId: string; header: string } {
  const traceId = randomBytes(16).toString('hex');
  const spanId = randomBytes(8).toString('hex');
  return { traceId, spanId, header: `00-${traceId}-${spanId}-01` };
}

/** The trace and parent span a recorded request names in its `traceparent`. */
function traceOf(request: RecordedRequest | undefined): { traceId?: string; parentId?: string } {
  const [, traceId, parentId] =
    /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(String(request?.headers.traceparent)) ?? [];
  return { traceId, parentId };
}

describe.each(backings())('trace headers to the payment providers on $name', (factory) => {
  let stripe: FakeStripeApi;
  let paypal: FakePaypalApi;
  let payment: PaymentUnderTest;
  useBacking(factory, async (backing) => {
    [stripe, paypal] = await Promise.all([FakeStripeApi.start(), FakePaypalApi.start()]);
    payment = await startPayment(backing, {
      env: {
        STRIPE_SECRET_KEY: STRIPE_KEY,
        STRIPE_WEBHOOK_SECRET: 'whsec_trace_test_secret',
        STRIPE_API_BASE: stripe.url,
        PAYPAL_CLIENT_ID,
        PAYPAL_CLIENT_SECRET,
        PAYPAL_WEBHOOK_ID,
        PAYPAL_API_BASE: paypal.url,
        PUBLIC_BASE_URL: 'https://shop.example',
      },
    });
    await payment.publishCatalogue();
    return { stop: () => payment.stop() };
  });
  afterAll(async () => {
    await Promise.all([stripe?.close(), paypal?.close()]);
  });

  it('a card checkout calls Stripe within the trace of the request that started it', async () => {
    const caller = newTraceparent();
    const response = await payment.call('/api/create-checkout-session', {
      json: { items: CONSULTATION, billingInfo: newBuyerBilling() },
      headers: { traceparent: caller.header },
    });
    expect(response.status).toBe(200);

    const sent = traceOf(stripe.server.requestsTo('/v1/checkout/sessions', 'POST').at(-1));
    expect(sent.traceId).toBe(caller.traceId);
    // The service's own span is the parent, not the caller's.
    expect(sent.parentId).toMatch(/^[0-9a-f]{16}$/);
    expect(sent.parentId).not.toBe(caller.spanId);
  });

  it('a PayPal order signs in and is created within the trace of the request that started it', async () => {
    const caller = newTraceparent();
    const response = await payment.call('/api/paypal/order', {
      json: { intent: 'CAPTURE', currency: 'USD', items: CONSULTATION, billingInfo: newBuyerBilling() },
      headers: { traceparent: caller.header },
    });
    expect(response.status).toBe(200);

    const created = traceOf(paypal.server.requestsTo('/v2/checkout/orders', 'POST').at(-1));
    expect(created.traceId).toBe(caller.traceId);
    expect(created.parentId).not.toBe(caller.spanId);
    // The token the order needed was fetched in the same request, so in the same trace.
    expect(traceOf(paypal.server.requestsTo('/v1/oauth2/token', 'POST').at(-1)).traceId).toBe(caller.traceId);
  });
});

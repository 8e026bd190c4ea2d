/**
 * Hostile input never makes the payment service fail: every route, fuzzed from its contract (fast-check),
 * as a visitor, a member and the admin, answers below 500 and shows no stack, SQL or path.
 */
import { describe, expect, it } from '@jest/globals';
import {
  CreateCheckoutSessionRequestSchema,
  SavedCardSetupRequestSchema,
  GrantCourseAccessRequestSchema,
  PaypalOrderRequestSchema,
  ProviderSessionIdSchema,
  RefundRequestSchema,
  TEXT_CHARACTERS_MESSAGE,
} from '@platform/contracts';
import { expectRoutesSurviveFuzzing, useBacking } from '@platform/service-kit/testing';
import { z } from 'zod';
import { ADMIN, BILLING, backings, MEMBER, startPayment, type PaymentUnderTest } from './harness.js';

const ITEMS = [{ id: 'restaurant-consultation', quantity: 1 }];

describe.each(backings())('payment under fuzzed input on $name', (factory) => {
  let payment: PaymentUnderTest;
  let sessionId: string;
  let orderId: string;

  useBacking(factory, async (backing) => {
    payment = await startPayment(backing);
    await payment.publishCatalogue();
    ({ sessionId } = await payment.checkout(ITEMS));
    orderId = (await payment.orderBySession(sessionId))!.id;
    return payment;
  });

  it.each([
    ['a NUL in the billing city', { items: ITEMS, billingInfo: { ...BILLING, city: 'Lon\u0000don' } }],
    [
      'a lone surrogate in the company',
      { items: ITEMS, billingInfo: { ...BILLING, company: '\ud800Bistro' } },
    ],
  ])('refuses a checkout with %s (400, the text message)', async (_name, body) => {
    const response = await payment.call('/api/create-checkout-session', { json: body });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(TEXT_CHARACTERS_MESSAGE);
  });

  it('refuses a session_id with a NUL byte (400) and sends a wallet return with one back to the checkout', async () => {
    const grant = await payment.call('/api/grant-course-access', { json: { session_id: 'cs_\u0000' } });
    expect(grant.status).toBe(400);
    const back = await payment.call('/api/paypal/return?token=EC-1%00');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/checkout');
  });

  it('answers every route without a 5xx or a leak', async () => {
    await expectRoutesSurviveFuzzing(payment, {
      callers: { visitor: { kind: 'anonymous' }, member: MEMBER, admin: ADMIN },
      send: (caller, pathname, init) => payment.call(pathname, { ...init, caller }),
      numRuns: 45,
      minRoutes: 13,
      contracts: {
        'POST /api/create-checkout-session': {
          body: CreateCheckoutSessionRequestSchema,
          examples: [{ items: ITEMS, billingInfo: BILLING, customer_email: BILLING.email }],
        },
        'POST /api/paypal/order': {
          body: PaypalOrderRequestSchema,
          examples: [{ intent: 'CAPTURE', amount: 697, currency: 'USD', billingInfo: BILLING, items: ITEMS }],
        },
        'GET /api/paypal/return': {
          query: z.object({ token: ProviderSessionIdSchema, session_id: ProviderSessionIdSchema }).partial(),
          queryExamples: [{ token: sessionId }, { session_id: sessionId }],
        },
        'POST /api/grant-course-access': {
          body: GrantCourseAccessRequestSchema,
          examples: [{ session_id: sessionId, customer_email: BILLING.email }],
        },
        'POST /api/admin/orders/:id/refund': {
          params: { id: [orderId] },
          body: RefundRequestSchema,
          examples: [{ reason: 'Asked for it.\nBy phone.' }],
        },
        'GET /api/test-checkout/:sessionId': { params: { sessionId: [sessionId] } },
        'POST /api/test-checkout/:sessionId/pay': { params: { sessionId: [sessionId] } },
        'POST /api/test-checkout/:sessionId/decline': { params: { sessionId: [sessionId] } },
        'POST /api/test-checkout/:sessionId/cancel': { params: { sessionId: [sessionId] } },
        'POST /api/webhooks/:provider': { params: { provider: ['test', 'stripe', 'paypal'] } },
        'POST /api/saved-card/setup': {
          body: SavedCardSetupRequestSchema,
          examples: [{ returnTo: 'dashboard' }, {}],
        },
        'GET /api/saved-card/return': {
          query: z.object({ session_id: ProviderSessionIdSchema }).partial(),
          queryExamples: [{ session_id: 'cs_test_1' }],
        },
      },
    });
  }, 300_000);
});

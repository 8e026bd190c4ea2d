/**
 * A checkout sent again under its `requestId` (docs/decisions.md, 121): the page resends a checkout whose
 * answer was lost on poor Wi-Fi. While the first order is pending, the same values open the same checkout
 * and store no second order, also when both arrive at once; other values under the id are 409 and store
 * nothing; once the first order is no longer pending, the id starts a new one.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  CHECKOUT_MESSAGES,
  CreateCheckoutSessionResponseSchema,
  PaypalOrderResponseSchema,
} from '@platform/contracts';
import { useBacking, waitFor } from '@platform/service-kit/testing';
import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema.js';
import { backings, newBuyerBilling, startPayment, type PaymentUnderTest } from '../../__tests__/harness.js';

const CONSULTATION = [{ id: 'restaurant-consultation', quantity: 1 }];

describe.each(backings())('a checkout sent again on $name', (factory) => {
  let payment: PaymentUnderTest;

  useBacking(factory, async (backing) => {
    payment = await startPayment(backing);
    await payment.publishCatalogue();
    return payment;
  });

  const cardCheckout = (body: Record<string, unknown>) =>
    payment.call('/api/create-checkout-session', { json: body });

  async function ordersOf(requestId: string) {
    const { db } = payment.service.deps;
    return db.select().from(orders).where(eq(orders.clientRequestId, requestId));
  }

  it('answers the same card checkout and stores one order', async () => {
    const body = { items: CONSULTATION, billingInfo: newBuyerBilling(), requestId: randomUUID() };
    const first = await cardCheckout(body);
    expect(first.status).toBe(200);
    const firstBody = CreateCheckoutSessionResponseSchema.parse(await first.json());

    const again = await cardCheckout(body);
    expect(again.status).toBe(200);
    expect(CreateCheckoutSessionResponseSchema.parse(await again.json())).toEqual(firstBody);
    expect(await ordersOf(body.requestId)).toEqual([
      expect.objectContaining({ providerSessionId: firstBody.sessionId, status: 'pending', total: 69700 }),
    ]);
  });

  it('answers the same wallet order and stores one order', async () => {
    const body = {
      intent: 'CAPTURE',
      amount: 697,
      currency: 'USD',
      billingInfo: newBuyerBilling(),
      items: CONSULTATION,
      requestId: randomUUID(),
    };
    const first = PaypalOrderResponseSchema.parse(
      await (await payment.call('/api/paypal/order', { json: body })).json(),
    );
    const again = await payment.call('/api/paypal/order', { json: body });
    expect(again.status).toBe(200);
    expect(PaypalOrderResponseSchema.parse(await again.json())).toEqual(first);
    expect(await ordersOf(body.requestId)).toHaveLength(1);
  });

  it('two sends at once store one order; each answer is its checkout or asks to press again', async () => {
    const body = { items: CONSULTATION, billingInfo: newBuyerBilling(), requestId: randomUUID() };
    const answers = await Promise.all([cardCheckout(body), cardCheckout(body)]);
    const stored = await ordersOf(body.requestId);
    expect(stored).toHaveLength(1);
    for (const answer of answers) {
      const text = await answer.text();
      if (answer.status === 200) {
        expect(JSON.parse(text)).toMatchObject({ sessionId: stored[0]!.providerSessionId });
      } else {
        expect({ status: answer.status, text }).toEqual({
          status: 409,
          text: JSON.stringify({ message: CHECKOUT_MESSAGES.checkoutBeingPrepared }),
        });
      }
    }
    expect(answers.some((answer) => answer.status === 200)).toBe(true);
  });

  it.each([
    ['other items', { items: [...CONSULTATION, { id: 'menu-optimization', quantity: 1 }] }],
    ['another buyer', { billingInfo: { ...newBuyerBilling(), email: 'someone.else@example.com' } }],
    ['another method', { method: 'wallet' }],
  ])('refuses the same id with %s (409, nothing stored)', async (_label, change) => {
    const body = { items: CONSULTATION, billingInfo: newBuyerBilling(), requestId: randomUUID() };
    expect((await cardCheckout(body)).status).toBe(200);
    const before = await payment.counts();

    const changed = { ...body, ...change };
    const response =
      'method' in change
        ? await payment.call('/api/paypal/order', {
            json: { intent: 'CAPTURE', currency: 'USD', ...body },
          })
        : await cardCheckout(changed);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      message: CHECKOUT_MESSAGES.requestIdTaken,
      issues: [{ path: 'requestId', message: CHECKOUT_MESSAGES.requestIdTaken }],
    });
    expect(await payment.counts()).toEqual(before);
  });

  it('starts a new order under the id once the first is no longer pending', async () => {
    const body = { items: CONSULTATION, billingInfo: newBuyerBilling(), requestId: randomUUID() };
    const first = CreateCheckoutSessionResponseSchema.parse(await (await cardCheckout(body)).json());
    await payment.call(`/api/test-checkout/${first.sessionId}/decline`, { method: 'POST' });
    await waitFor(
      () => payment.orderBySession(first.sessionId),
      (order) => order?.status === 'failed',
      'the declined order to fail',
    );

    const again = await cardCheckout(body);
    expect(again.status).toBe(200);
    const second = CreateCheckoutSessionResponseSchema.parse(await again.json());
    expect(second.sessionId).not.toBe(first.sessionId);
    expect((await ordersOf(body.requestId)).map((order) => order.status).sort()).toEqual([
      'failed',
      'pending',
    ]);
  });

  it('refuses a request id that is not a UUID (400, nothing stored)', async () => {
    const before = await payment.counts();
    const response = await cardCheckout({
      items: CONSULTATION,
      billingInfo: newBuyerBilling(),
      requestId: 'again',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(CHECKOUT_MESSAGES.requestIdInvalid);
    expect(await payment.counts()).toEqual(before);
  });
});

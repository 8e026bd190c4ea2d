/** Starting a checkout: prices from the catalogue, never from the browser; bad input stores nothing. */
import { describe, expect, it } from '@jest/globals';
import { useBacking } from '@platform/service-kit/testing';
import {
  CHECKOUT_MESSAGES,
  COURSE_PRODUCT_ID,
  CreateCheckoutSessionResponseSchema,
  PaymentProvidersSchema,
  PaypalOrderResponseSchema,
} from '@platform/contracts';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { inboxEvents, orderLines } from '../../db/schema.js';
import {
  BILLING,
  CATALOGUE,
  MEMBER,
  backings,
  startPayment,
  type PaymentUnderTest,
} from '../../__tests__/harness.js';

describe.each(backings())('checkout on $name', (factory) => {
  let payment: PaymentUnderTest;

  useBacking(factory, async (backing) => (payment = await startPayment(backing)));

  /** A visitor's card checkout of `items`, billed to `BILLING`. */
  const startCheckout = (items: unknown[]) =>
    payment.call('/api/create-checkout-session', { json: { items, billingInfo: BILLING } });

  it('refuses to price anything before the catalogue has arrived (503, nothing stored)', async () => {
    const response = await startCheckout([{ id: 'restaurant-consultation', quantity: 1 }]);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      message: 'The catalogue is not available yet. Please try again in a moment.',
    });
    expect((await payment.counts()).orders).toBe(0);
    await payment.publishCatalogue();
  });

  it('says which providers take payments: the test provider for both without keys', async () => {
    const response = await payment.call('/api/payment/providers');
    expect(response.status).toBe(200);
    expect(PaymentProvidersSchema.parse(await response.json())).toEqual({
      card: 'test',
      wallet: 'test',
      testMode: true,
    });
  });

  it('prices a card checkout from the catalogue and ignores a tampered browser price', async () => {
    const response = await payment.call('/api/create-checkout-session', {
      caller: MEMBER,
      json: {
        items: [
          { id: 'restaurant-consultation', name: 'Restaurant Consultation', price: 1, quantity: 1 },
          { id: 'menu-optimization', name: 'Free stuff', price: -500, quantity: 1 },
        ],
        customer_email: 'someone-else@example.com',
        customer_name: 'Someone Else',
        billingInfo: BILLING,
      },
    });
    expect(response.status).toBe(200);
    const body = CreateCheckoutSessionResponseSchema.parse(await response.json());
    expect(body.sessionId).toMatch(/^test_cs_[A-Za-z0-9_-]{24}$/);
    expect(body.url).toBe(`/api/test-checkout/${body.sessionId}`);

    const order = await payment.orderBySession(body.sessionId);
    expect(order).toMatchObject({
      status: 'pending',
      provider: 'test',
      method: 'card',
      total: 69700,
      currency: 'USD',
      customerEmail: 'ada.lovelace@example.com',
      customerFirstName: 'Ada',
      customerLastName: 'Lovelace',
      placedByUserId: MEMBER.kind === 'user' ? MEMBER.userId : null,
    });
    const lines = await payment.service.deps.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order!.id))
      .orderBy(orderLines.position);
    expect(
      lines.map(({ productId, name, unitPrice, quantity, courseId }) => ({
        productId,
        name,
        unitPrice,
        quantity,
        courseId,
      })),
    ).toEqual([
      {
        productId: 'restaurant-consultation',
        name: 'Restaurant Consultation',
        unitPrice: 69700,
        quantity: 1,
        courseId: 1,
      },
      {
        productId: 'menu-optimization',
        name: 'Menu Optimization',
        unitPrice: 0,
        quantity: 1,
        courseId: null,
      },
    ]);

    // The hosted page shows the server's total, not the browser's.
    const page = await (await payment.call(body.url)).text();
    expect(page).toContain('$697.00');
    expect(page).not.toContain('$0.01');
  });

  it('merges repeated products and multiplies by the quantity', async () => {
    const { sessionId } = await payment.checkout([
      { id: COURSE_PRODUCT_ID, quantity: 1 },
      { id: 'menu-optimization', quantity: 1 },
      { id: 'menu-optimization', quantity: 2 },
    ]);
    const order = await payment.orderBySession(sessionId);
    expect(order?.total).toBe(69700);
    const lines = await payment.service.deps.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order!.id))
      .orderBy(orderLines.position);
    expect(lines.map(({ productId, quantity }) => ({ productId, quantity }))).toEqual([
      { productId: COURSE_PRODUCT_ID, quantity: 1 },
      { productId: 'menu-optimization', quantity: 3 },
    ]);
  });

  it.each([
    [{ items: [{ id: 'restaurant-consultation', quantity: 1 }] }, 'Please enter your first name.'],
    [
      {
        items: [{ id: 'restaurant-consultation', quantity: 1 }],
        billingInfo: { ...BILLING, firstName: '  ' },
      },
      'Please enter your first name.',
    ],
    [
      { items: [{ id: 'restaurant-consultation', quantity: 1 }], billingInfo: { ...BILLING, city: '' } },
      'Please enter your city.',
    ],
    [
      { items: [{ id: 'restaurant-consultation', quantity: 1 }], billingInfo: { ...BILLING, zip: '' } },
      'Please enter your zip code.',
    ],
    [
      {
        items: [{ id: 'restaurant-consultation', quantity: 1 }],
        billingInfo: { ...BILLING, email: 'ada@nowhere' },
      },
      CHECKOUT_MESSAGES.invalidEmail,
    ],
    [{ items: [], billingInfo: BILLING }, CHECKOUT_MESSAGES.emptyCart],
    [{ billingInfo: BILLING }, CHECKOUT_MESSAGES.emptyCart],
    [
      { items: [{ id: 'restaurant-consultation', quantity: 0 }], billingInfo: BILLING },
      'Quantity must be a whole number from 1 to 99.',
    ],
    [
      { items: [{ id: 'restaurant-consultation', quantity: 1.5 }], billingInfo: BILLING },
      'Quantity must be a whole number from 1 to 99.',
    ],
    [{ items: [{ id: '../etc', quantity: 1 }], billingInfo: BILLING }, 'Each item needs a product id.'],
  ])('refuses a bad body with the contract message and stores nothing (%#)', async (body, message) => {
    const before = await payment.counts();
    const response = await payment.call('/api/create-checkout-session', { json: body });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(message);
    expect(await payment.counts()).toEqual(before);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await payment.call('/api/create-checkout-session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"items": [',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Request body is not valid JSON' });
  });

  it("refuses an unknown product with 'Unknown product: <id>'", async () => {
    const before = await payment.counts();
    const response = await startCheckout([
      { id: 'restaurant-consultation', quantity: 1 },
      { id: 'gold-plated-spatula', quantity: 1, price: 100 },
    ]);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Unknown product: gold-plated-spatula' });
    expect(await payment.counts()).toEqual(before);
  });

  it("accepts an 'Included' product beside a paid one, but refuses an order whose total is 0", async () => {
    const before = await payment.counts();
    const response = await startCheckout([
      { id: 'menu-optimization', quantity: 1 },
      { id: 'staff-training', quantity: 2 },
    ]);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'Your order has nothing to pay for. Please add a paid product to your cart.',
    });
    expect(await payment.counts()).toEqual(before);
  });

  it('refuses more than 99 of one product across repeated lines', async () => {
    const response = await startCheckout([
      { id: 'restaurant-consultation', quantity: 60 },
      { id: 'restaurant-consultation', quantity: 60 },
    ]);
    expect(response.status).toBe(400);
  });

  it('prices a newer catalogue, and ignores an older one delivered late', async () => {
    const raised = CATALOGUE.map((product) =>
      product.id === COURSE_PRODUCT_ID ? { ...product, price: 79700 } : product,
    );
    payment.clock.advance(60_000);
    await payment.publishCatalogue(raised, payment.clock.now());
    const { sessionId } = await payment.checkout([{ id: COURSE_PRODUCT_ID, quantity: 1 }]);
    expect((await payment.orderBySession(sessionId))?.total).toBe(79700);

    // A stale catalogue (published before) changes nothing.
    const stale = CATALOGUE.map((product) =>
      product.id === COURSE_PRODUCT_ID ? { ...product, price: 100 } : product,
    );
    const staleId = randomUUID();
    await payment.service.deps.bus.publish({
      id: staleId,
      type: 'course.catalogue.published',
      version: 1,
      occurredAt: new Date(0).toISOString(),
      data: { products: stale, publishedAt: new Date('2029-01-01T00:00:00Z').toISOString() },
    });
    const deadline = Date.now() + 15_000;
    while (
      (await payment.service.deps.db.select().from(inboxEvents).where(eq(inboxEvents.eventId, staleId)))
        .length === 0
    ) {
      if (Date.now() > deadline) throw new Error('the stale catalogue was never consumed');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const again = await payment.checkout([{ id: COURSE_PRODUCT_ID, quantity: 1 }]);
    expect((await payment.orderBySession(again.sessionId))?.total).toBe(79700);

    // A product dropped from the newest catalogue can no longer be bought.
    payment.clock.advance(60_000);
    await payment.publishCatalogue(CATALOGUE.filter((product) => product.id !== 'restaurant-consultation'));
    const dropped = await startCheckout([{ id: 'restaurant-consultation', quantity: 1 }]);
    expect(dropped.status).toBe(400);
    expect(await dropped.json()).toEqual({ message: 'Unknown product: restaurant-consultation' });
    payment.clock.advance(60_000);
    await payment.publishCatalogue(CATALOGUE);
  });

  describe('the wallet flow (POST /api/paypal/order)', () => {
    const walletBody = (overrides: Record<string, unknown> = {}) => ({
      intent: 'CAPTURE',
      amount: 697,
      currency: 'USD',
      billingInfo: BILLING,
      items: [{ id: 'restaurant-consultation', name: 'Restaurant Consultation', price: 697, quantity: 1 }],
      ...overrides,
    });

    it("answers { id, links } with the 'approve' link to the hosted page", async () => {
      const response = await payment.call('/api/paypal/order', { json: walletBody() });
      expect(response.status).toBe(200);
      const body = PaypalOrderResponseSchema.parse(await response.json());
      expect(body.links).toEqual([{ rel: 'approve', href: `/api/test-checkout/${body.id}`, method: 'GET' }]);
      expect(await payment.orderBySession(body.id)).toMatchObject({
        method: 'wallet',
        total: 69700,
        status: 'pending',
      });
    });

    it('refuses an amount that disagrees with the server total, storing nothing', async () => {
      const before = await payment.counts();
      const response = await payment.call('/api/paypal/order', { json: walletBody({ amount: 6.97 }) });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        message: 'The order total has changed. Please review your cart and try again.',
      });
      expect(await payment.counts()).toEqual(before);
    });

    it.each([
      [{ intent: 'AUTHORIZE' }, 'intent must be CAPTURE'],
      [{ currency: 'EUR' }, 'currency must be USD'],
      [{ billingInfo: { ...BILLING, address: '' } }, 'Please enter your address.'],
    ])('refuses a bad wallet body (%#)', async (overrides, message) => {
      const response = await payment.call('/api/paypal/order', { json: walletBody(overrides) });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(message);
    });
  });
});

/**
 * Coupons (docs/behaviour/checkout-and-payments.md#coupons): the admin creates them, the server prices
 * them, a bad code changes nothing, and the limits hold however the payments arrive: in parallel, through
 * two replicas (PostgreSQL), on the test provider and on Stripe's test peer, whose session gets the
 * discount.
 */
import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import {
  COUPON_MESSAGES,
  COURSE_PRODUCT_ID,
  CheckoutQuoteSchema,
  CouponListSchema,
  CouponSchema,
  PaymentOrderPaidSchema,
  type CreateCouponRequest,
} from '@platform/contracts';
import { DAY } from '@platform/service-kit/clock';
import { waitFor } from '@platform/service-kit/testing';
import Stripe from 'stripe';
import type { FakeStripeApi } from '../../providers/stripe/__tests__/fake-stripe-api.js';
import { useStripeSuite } from '../../providers/stripe/__tests__/stripe-suite.js';
import {
  ADMIN,
  MEMBER,
  backings,
  type PaymentUnderTest,
  BILLING,
  usePaymentSuite,
} from '../../__tests__/harness.js';
import { GRANT_MESSAGES } from '../../checkout/grant-course-access.js';
import { COUPON_USED_UP_PROBLEM } from '../../orders/fulfil-order.js';

const COURSE = [{ id: COURSE_PRODUCT_ID, quantity: 1 }];
const CONSULTATION = [{ id: 'restaurant-consultation', quantity: 1 }];

const freshEmail = () => `coupon-${randomUUID().slice(0, 8)}@example.com`;
const freshCode = (prefix = 'SAVE') => `${prefix}-${randomUUID().slice(0, 8).toUpperCase()}`;

async function createCoupon(payment: PaymentUnderTest, body: CreateCouponRequest) {
  const response = await payment.call('/api/admin/coupons', { caller: ADMIN, json: body });
  expect(response.status).toBe(201);
  return CouponSchema.parse(((await response.json()) as { coupon: unknown }).coupon);
}

function startCard(payment: PaymentUnderTest, items: unknown[], email: string, couponCode?: string) {
  return payment.call('/api/create-checkout-session', {
    json: { items, billingInfo: { ...BILLING, email }, ...(couponCode ? { couponCode } : {}) },
  });
}

async function sessionOf(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  return ((await response.json()) as { sessionId: string }).sessionId;
}

describe.each(backings())('coupons with the test provider on $name', (factory) => {
  // A second replica on the same PostgreSQL database (PGlite is one process's own database).
  const suite = usePaymentSuite(factory, { replica: true });
  const { payment } = suite;

  const pay = (sessionId: string, through: PaymentUnderTest = payment) =>
    through.call(`/api/test-checkout/${sessionId}/pay`, { method: 'POST' });

  it('lets only the admin create coupons, with one message per bad field and codes unique in any case', async () => {
    const body = { code: freshCode(), percentOff: 10 };
    expect((await payment.call('/api/admin/coupons', { json: body })).status).toBe(401);
    expect((await payment.call('/api/admin/coupons', { caller: MEMBER, json: body })).status).toBe(403);
    expect((await payment.call('/api/admin/coupons', { caller: MEMBER })).status).toBe(403);

    const refusals: Array<[unknown, string]> = [
      [{ code: 'x', percentOff: 10 }, 'A code is 3 to 32 letters, digits, dashes or underscores.'],
      [{ code: freshCode(), percentOff: 10, amountOff: 500 }, COUPON_MESSAGES.percentOrAmount],
      [{ code: freshCode() }, COUPON_MESSAGES.percentOrAmount],
      [{ code: freshCode(), percentOff: 101 }, COUPON_MESSAGES.percentRange],
      [{ code: freshCode(), amountOff: 12.5 }, COUPON_MESSAGES.amountRange],
      [
        {
          code: freshCode(),
          percentOff: 5,
          startsAt: '2030-05-01T00:00:00Z',
          endsAt: '2030-04-01T00:00:00Z',
        },
        COUPON_MESSAGES.endsBeforeStart,
      ],
      [{ code: freshCode(), percentOff: 5, maxRedemptions: 0 }, COUPON_MESSAGES.maxRedemptions],
      [
        { code: freshCode(), percentOff: 5, productIds: ['menu-optimization'] },
        COUPON_MESSAGES.notDiscountable('menu-optimization'),
      ],
    ];
    const before = (await (await payment.call('/api/admin/coupons', { caller: ADMIN })).json()) as {
      coupons: unknown[];
    };
    for (const [json, message] of refusals) {
      const response = await payment.call('/api/admin/coupons', { caller: ADMIN, json });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(message);
    }

    const created = await createCoupon(payment, { ...body, code: body.code.toLowerCase() });
    expect(created).toMatchObject({ code: body.code, percentOff: 10, amountOff: null, redemptions: 0 });
    const duplicate = await payment.call('/api/admin/coupons', { caller: ADMIN, json: body });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toMatchObject({ message: COUPON_MESSAGES.duplicate });

    const list = CouponListSchema.parse(
      await (await payment.call('/api/admin/coupons', { caller: ADMIN })).json(),
    );
    expect(list.coupons).toHaveLength(before.coupons.length + 1);
    // What a coupon can name: the paid one-time products, not the included ones.
    expect(list.products.map((product) => product.id)).toEqual([
      'restaurant-consultation',
      'restaurant-management-course',
    ]);
    expect(list.coupons[0]!.code).toBe(body.code);
  });

  it('prices a code on the server and refuses unknown, early, expired and inapplicable codes', async () => {
    const percent = await createCoupon(payment, { code: freshCode(), percentOff: 15 });
    const quote = await payment.call('/api/checkout/quote', {
      json: { items: [{ ...COURSE[0], price: 1 }], couponCode: percent.code.toLowerCase() },
    });
    expect(quote.status).toBe(200);
    expect(CheckoutQuoteSchema.parse(await quote.json())).toEqual({
      lines: [
        {
          productId: COURSE_PRODUCT_ID,
          name: 'Restaurant Management Mastery',
          unitPrice: 69700,
          quantity: 1,
        },
      ],
      subtotal: 69700,
      // 15 % of $697.00 is $104.55.
      discount: 10455,
      total: 59245,
      coupon: { code: percent.code, label: `Discount (${percent.code}, 15% off)` },
    });

    const now = payment.clock.now().getTime();
    const early = await createCoupon(payment, {
      code: freshCode(),
      amountOff: 5000,
      startsAt: new Date(now + DAY).toISOString(),
    });
    const expired = await createCoupon(payment, {
      code: freshCode(),
      amountOff: 5000,
      endsAt: new Date(now - 1000).toISOString(),
    });
    const other = await createCoupon(payment, {
      code: freshCode(),
      amountOff: 5000,
      productIds: ['restaurant-consultation'],
    });
    const free = await createCoupon(payment, { code: freshCode(), percentOff: 100 });
    const unknown = freshCode('NOPE');
    const before = await payment.counts();
    for (const [code, message] of [
      [unknown, COUPON_MESSAGES.unknown(unknown)],
      [early.code, COUPON_MESSAGES.notStarted(early.code)],
      [expired.code, COUPON_MESSAGES.expired(expired.code)],
      [other.code, COUPON_MESSAGES.notApplicable(other.code)],
      [free.code, COUPON_MESSAGES.makesFree(free.code)],
    ] as const) {
      for (const response of [
        await payment.call('/api/checkout/quote', { json: { items: COURSE, couponCode: code } }),
        await startCard(payment, COURSE, freshEmail(), code),
      ]) {
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({ message, issues: [{ path: 'couponCode', message }] });
      }
    }
    expect((await payment.counts()).orders).toBe(before.orders);
  });

  it('charges the discounted total, shows it on the payment page and tells the receipt', async () => {
    const coupon = await createCoupon(payment, {
      code: freshCode(),
      amountOff: 10000,
      productIds: [COURSE_PRODUCT_ID],
    });
    const sessionId = await sessionOf(
      await startCard(payment, [...COURSE, ...CONSULTATION], freshEmail(), coupon.code),
    );
    const order = await payment.orderBySession(sessionId);
    expect(order).toMatchObject({
      total: 129400,
      discount: 10000,
      couponCode: coupon.code,
      status: 'pending',
    });

    const page = await (await payment.call(`/api/test-checkout/${sessionId}`)).text();
    expect(page).toContain('Discount');
    expect(page).toContain('-$100.00');
    expect(page).toContain('$1,294.00');

    expect((await pay(sessionId)).status).toBe(303);
    await waitFor(
      () => payment.order(order!.id),
      (row) => row?.status === 'fulfilled',
      'the discounted order fulfilled',
    );
    const paid = (await payment.events('payment.order.paid')).find(
      (event) => event.data.orderId === order!.id,
    );
    expect(PaymentOrderPaidSchema.parse(paid!.data)).toMatchObject({
      total: 129400,
      discount: 10000,
      couponCode: coupon.code,
    });
    const list = CouponListSchema.parse(
      await (await payment.call('/api/admin/coupons', { caller: ADMIN })).json(),
    );
    expect(list.coupons.find((entry) => entry.id === coupon.id)?.redemptions).toBe(1);
    const orders = (await (await payment.call('/api/admin/orders', { caller: ADMIN })).json()) as {
      orders: Array<{ id: string; discount: number; couponCode: string | null }>;
    };
    expect(orders.orders.find((entry) => entry.id === order!.id)).toMatchObject({
      discount: 10000,
      couponCode: coupon.code,
    });
  });

  it('keeps a limit of 2 uses when 6 checkouts opened before any was paid are paid at once (two replicas on PostgreSQL)', async () => {
    const coupon = await createCoupon(payment, { code: freshCode(), percentOff: 50, maxRedemptions: 2 });
    const sessions: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      sessions.push(await sessionOf(await startCard(payment, CONSULTATION, freshEmail(), coupon.code)));
    }
    const paid = await Promise.all(
      sessions.map((sessionId, index) =>
        pay(sessionId, suite.replica && index % 2 === 1 ? suite.replica : payment),
      ),
    );
    expect(paid.map((response) => response.status)).toEqual(sessions.map(() => 303));
    const rows = await waitFor(
      async () => Promise.all(sessions.map((sessionId) => payment.orderBySession(sessionId))),
      (found) =>
        found.filter((row) => row?.status === 'fulfilled').length === 2 &&
        found.filter((row) => row?.status === 'refunded').length === 4,
      'two fulfilled, four refunded automatically',
    );
    for (const row of rows.filter((entry) => entry?.status === 'refunded')) {
      expect(row!.problem).toBe(COUPON_USED_UP_PROBLEM);
    }
    const ids = rows.map((row) => row!.id);
    const paidEvents = (await payment.events('payment.order.paid')).filter((event) =>
      ids.includes(String(event.data.orderId)),
    );
    expect(paidEvents).toHaveLength(2);
    const refundedEvents = (await payment.events('payment.order.refunded')).filter((event) =>
      ids.includes(String(event.data.orderId)),
    );
    expect(refundedEvents.map((event) => event.data.amount)).toEqual([34850, 34850, 34850, 34850]);

    const late = await startCard(payment, CONSULTATION, freshEmail(), coupon.code);
    expect(late.status).toBe(400);
    expect(((await late.json()) as { message: string }).message).toBe(COUPON_MESSAGES.usedUp(coupon.code));
  });

  it('tells the confirmation page of a payment whose coupon was used up why it is refunded, asked again too', async () => {
    const coupon = await createCoupon(payment, { code: freshCode(), percentOff: 10, maxRedemptions: 1 });
    const first = await sessionOf(await startCard(payment, CONSULTATION, freshEmail(), coupon.code));
    const second = await sessionOf(await startCard(payment, CONSULTATION, freshEmail(), coupon.code));
    await pay(first);
    await pay(second);
    const confirm = async () => {
      const response = await payment.call('/api/grant-course-access', {
        json: { session_id: second, customer_email: BILLING.email, customer_name: 'Ada' },
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const usedUp = {
      status: 402,
      body: expect.objectContaining({ success: false, message: GRANT_MESSAGES.couponUsedUp }),
    };
    expect(await confirm()).toEqual(usedUp);
    await waitFor(
      () => payment.orderBySession(second),
      (row) => row?.status === 'refunded',
      'the automatic refund of the payment whose coupon was used up',
    );
    expect(await confirm()).toEqual(usedUp);
  });

  it('takes a once-per-customer code once per account, and a refund gives the use back', async () => {
    const coupon = await createCoupon(payment, { code: freshCode(), amountOff: 2500, oncePerCustomer: true });
    const email = freshEmail();
    const first = await sessionOf(await startCard(payment, CONSULTATION, email, coupon.code));
    const second = await sessionOf(await startCard(payment, COURSE, email, coupon.code));
    await Promise.all([pay(first), pay(second)]);
    const rows = await waitFor(
      async () => [await payment.orderBySession(first), await payment.orderBySession(second)],
      (found) =>
        found.filter((row) => row?.status === 'fulfilled').length === 1 &&
        found.filter((row) => row?.status === 'refunded').length === 1,
      'one use for the account, the other payment refunded',
    );
    const again = await startCard(payment, COURSE, email.toUpperCase(), coupon.code);
    expect(again.status).toBe(400);
    expect(((await again.json()) as { message: string }).message).toBe(
      COUPON_MESSAGES.usedByYou(coupon.code),
    );

    const kept = rows.find((row) => row?.status === 'fulfilled')!;
    const refund = await payment.call(`/api/admin/orders/${kept.id}/refund`, {
      caller: ADMIN,
      json: { reason: 'changed their mind' },
    });
    expect(refund.status).toBe(200);
    expect((await startCard(payment, CONSULTATION, email, coupon.code)).status).toBe(200);
  });
});

describe.each(backings())('coupons on Stripe on $name', (factory) => {
  const WEBHOOK_SECRET = 'whsec_coupon_secret';
  let api: FakeStripeApi;
  let payment: PaymentUnderTest;
  useStripeSuite(factory, { webhookSecret: WEBHOOK_SECRET }, (started) => ({ api, payment } = started));

  it("puts the discount on Stripe's session and fulfils what Stripe collected", async () => {
    const coupon = await createCoupon(payment, { code: freshCode(), percentOff: 20 });
    const sessionId = await sessionOf(await startCard(payment, COURSE, freshEmail(), coupon.code));
    const session = api.session(sessionId);
    expect(session.amount_total).toBe(55760);
    expect([...api.coupons.values()]).toEqual([
      expect.objectContaining({ amount_off: 13940, name: `Discount (${coupon.code}, 20% off)` }),
    ]);
    expect((await payment.orderBySession(sessionId))?.total).toBe(55760);

    api.pay(sessionId);
    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'checkout.session.completed',
      api_version: Stripe.API_VERSION,
      created: Math.floor(payment.clock.now().getTime() / 1000),
      data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid' } },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(payment.clock.now().getTime() / 1000),
    });
    const response = await payment.postWebhook('stripe', payload, {
      'content-type': 'application/json',
      'stripe-signature': signature,
    });
    expect(await response.json()).toMatchObject({ outcome: 'fulfilled' });
    // Sent again, as Stripe retries, it changes nothing.
    const replay = await payment.postWebhook('stripe', payload, {
      'content-type': 'application/json',
      'stripe-signature': signature,
    });
    expect(replay.status).toBe(200);
    const list = CouponListSchema.parse(
      await (await payment.call('/api/admin/coupons', { caller: ADMIN })).json(),
    );
    expect(list.coupons.find((entry) => entry.id === coupon.id)?.redemptions).toBe(1);
  });
});

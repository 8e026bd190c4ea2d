/**
 * Orders & billing (docs/behaviour/checkout-and-payments.md#orders-and-billing): a buyer lists their own
 * purchases and asks for their money back within the 30-day guarantee: refunded once through the provider
 * however many requests arrive at once (through two replicas on PostgreSQL), 409 after the window, 404
 * for someone else's order.
 */
import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import {
  COURSE_PRODUCT_ID,
  MY_ORDER_MESSAGES,
  MyOrderListSchema,
  OrderListSchema,
  RefundRequestResponseSchema,
  orderNumberOf,
  type Caller,
} from '@platform/contracts';
import { EMAIL_DATE, formatDate } from '@platform/contracts/format';
import { DAY } from '@platform/service-kit/clock';
import {
  ADMIN,
  BILLING,
  CONSULTATION_LINE,
  backings,
  newSignedInBuyer,
  usePaymentSuite,
  fulfilledOrder,
} from '../../__tests__/harness.js';

const newBuyer = () => newSignedInBuyer('orders');

describe.each(backings())('orders and billing on $name', (factory) => {
  const suite = usePaymentSuite(factory, { replica: true });

  /** The buyer checks out signed in (the billing e-mail another one) and pays on the test page. */
  async function bought(buyer: Caller, items = [{ id: 'restaurant-consultation', quantity: 1 }]) {
    const response = await suite.payment.call('/api/create-checkout-session', {
      caller: buyer,
      json: { items, billingInfo: { ...BILLING, email: `receipts-${randomUUID().slice(0, 6)}@example.com` } },
    });
    expect(response.status).toBe(200);
    const { sessionId } = (await response.json()) as { sessionId: string };
    return fulfilledOrder(suite.payment, sessionId);
  }

  const list = async (caller: Caller) => {
    const response = await suite.payment.call('/api/orders', { caller });
    expect(response.status).toBe(200);
    return MyOrderListSchema.parse(await response.json()).orders;
  };

  const ask = (caller: Caller | undefined, id: string, json: unknown = { reason: 'Not what I needed.' }) =>
    suite.payment.call(`/api/orders/${id}/refund-request`, { caller, json });

  it('lists only the buyer’s own purchases, newest first, with what they can still refund until', async () => {
    const buyer = newBuyer();
    const first = await bought(buyer);
    suite.payment.clock.advance(1000);
    const second = await bought(buyer, [{ id: COURSE_PRODUCT_ID, quantity: 1 }]);
    await bought(newBuyer());
    // A checkout left unpaid is not an order yet.
    await suite.payment.call('/api/create-checkout-session', {
      caller: buyer,
      json: { items: [{ id: 'self-implementation-program', quantity: 1 }], billingInfo: BILLING },
    });

    const orders = await list(buyer);
    expect(orders.map((order) => order.id)).toEqual([second.id, first.id]);
    expect(orders[1]).toEqual({
      id: first.id,
      number: orderNumberOf(first.id),
      status: 'fulfilled',
      provider: 'test',
      lines: [CONSULTATION_LINE],
      discount: 0,
      couponCode: null,
      total: 69700,
      currency: 'USD',
      invoiceNumber: expect.stringMatching(/^INV-\d{6}$/),
      planRenewal: null,
      createdAt: first.createdAt.toISOString(),
      paidAt: first.paidAt!.toISOString(),
      refundedAt: null,
      refundableUntil: new Date(first.paidAt!.getTime() + 30 * DAY).toISOString(),
      paymentPlan: null,
    });
    expect(orderNumberOf(first.id)).toMatch(/^RC-[0-9A-F]{8}$/);

    expect((await suite.payment.call('/api/orders')).status).toBe(401);
  });

  it('refunds once when the buyer asks five times at once within 30 days, and the admin sees why', async () => {
    const buyer = newBuyer();
    const order = await bought(buyer);
    suite.payment.clock.advance(29 * DAY);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        ask(buyer, order.id, { reason: '  The course is not for my café.  ' }).then(async (response) => ({
          status: response.status,
          body: (await response.json()) as unknown,
        })),
      ),
    );
    const ok = answers.filter((answer) => answer.status === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(4);
    expect(RefundRequestResponseSchema.parse(ok[0]!.body).order).toMatchObject({
      id: order.id,
      status: 'refunded',
      refundableUntil: null,
    });
    const refunded = (await suite.payment.events('payment.order.refunded')).filter(
      (event) => event.data.orderId === order.id,
    );
    expect(refunded).toHaveLength(1);
    expect(refunded[0]!.data).toMatchObject({ amount: 69700, courseIds: [1] });

    const admin = OrderListSchema.parse(
      await (await suite.payment.call('/api/admin/orders', { caller: ADMIN })).json(),
    );
    expect(admin.orders.find((entry) => entry.id === order.id)).toMatchObject({
      status: 'refunded',
      refundReason: 'Asked by the buyer: The course is not for my café.',
    });
    expect((await list(buyer))[0]).toMatchObject({ id: order.id, status: 'refunded', refundableUntil: null });
  });

  it('two replicas asked at once refund once (PostgreSQL)', async () => {
    const buyer = newBuyer();
    const order = await bought(buyer);
    const through = [
      suite.payment,
      suite.replica ?? suite.payment,
      suite.payment,
      suite.replica ?? suite.payment,
    ];
    const statuses = await Promise.all(
      through.map(async (service) => {
        const response = await service.call(`/api/orders/${order.id}/refund-request`, {
          caller: buyer,
          json: { reason: 'Twice by accident.' },
        });
        return response.status;
      }),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(3);
    expect(
      (await suite.payment.events('payment.order.refunded')).filter(
        (event) => event.data.orderId === order.id,
      ),
    ).toHaveLength(1);
  });

  it('answers 409 after the 30 days, 404 for someone else’s order, 400 without a reason; nothing changes', async () => {
    const buyer = newBuyer();
    const order = await bought(buyer);

    const someoneElse = await ask(newBuyer(), order.id);
    expect(someoneElse.status).toBe(404);
    expect(await someoneElse.json()).toEqual({ message: 'Order not found' });
    expect((await ask(undefined, order.id)).status).toBe(401);
    const empty = await ask(buyer, order.id, { reason: '   ' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ message: MY_ORDER_MESSAGES.reasonRequired });
    expect((await ask(buyer, randomUUID())).status).toBe(404);

    suite.payment.clock.advance(30 * DAY + 1000);
    const late = await ask(buyer, order.id);
    expect(late.status).toBe(409);
    const ended = new Date(order.paidAt!.getTime() + 30 * DAY);
    expect(await late.json()).toEqual({
      message: MY_ORDER_MESSAGES.windowPassed(formatDate(ended, EMAIL_DATE)),
    });
    expect((await suite.payment.order(order.id))?.status).toBe('fulfilled');
    expect((await list(buyer))[0]).toMatchObject({ id: order.id, refundableUntil: ended.toISOString() });
  });
});

/**
 * The admin's customers, the payment part (docs/behaviour/admin.md#customers): one customer's paid orders,
 * and a paid order's receipt sent again (`payment.receipt.requested`, once per request); nobody but the
 * admin may do either, and an order never paid has no receipt.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { OrderListSchema, PaymentReceiptRequestedSchema } from '@platform/contracts';
import {
  ADMIN,
  MEMBER,
  backings,
  newBuyerBilling,
  paidCheckout,
  usePaymentSuite,
} from '../../__tests__/harness.js';

describe.each(backings())('a customer’s orders for the admin on $name', (factory) => {
  const { payment } = usePaymentSuite(factory);

  const paidOrder = async (billing = newBuyerBilling()) => (await paidCheckout(payment, billing)).order;
  const ordersOf = (query: string, caller = ADMIN) => payment.call(`/api/admin/orders?${query}`, { caller });
  const resend = (id: string, caller = ADMIN) =>
    payment.call(`/api/admin/orders/${id}/resend-receipt`, { caller, method: 'POST' });

  it('lists only that customer’s paid orders', async () => {
    const billing = newBuyerBilling();
    await payment.checkout(undefined, billing); // pending: never paid
    payment.clock.advance(1000);
    const paid = await paidOrder(billing);
    await paidOrder();
    const email = billing.email.toLowerCase();
    const response = await ordersOf(`userId=${randomUUID()}&email=${encodeURIComponent(email)}`);
    expect(response.status).toBe(200);
    const { orders } = OrderListSchema.parse(await response.json());
    expect(orders.map((order) => order.id)).toEqual([paid.id]);

    const half = await ordersOf(`userId=${randomUUID()}`);
    expect(half.status).toBe(400);
    expect(await half.json()).toMatchObject({
      issues: [{ path: 'email', message: 'userId and email go together' }],
    });
    expect((await ordersOf(`userId=${randomUUID()}&email=${email}`, MEMBER)).status).toBe(403);
  });

  it('sends the receipt again once per request, as the order was paid', async () => {
    const order = await paidOrder();
    const before = (await payment.events('payment.receipt.requested')).length;
    const answer = await resend(order.id);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ message: 'The receipt is on its way to the buyer again.' });
    const [paid] = (await payment.events('payment.order.paid')).filter(
      (event) => event.data.orderId === order.id,
    );
    const requested = await payment.events('payment.receipt.requested');
    expect(requested).toHaveLength(before + 1);
    expect(PaymentReceiptRequestedSchema.parse(requested.at(-1)!.data)).toEqual(paid!.data);

    expect((await resend(order.id)).status).toBe(200);
    expect(await payment.events('payment.receipt.requested')).toHaveLength(before + 2);
  });

  it('refuses an order never paid, an unknown order and anyone but the admin', async () => {
    const before = (await payment.events('payment.receipt.requested')).length;
    const { sessionId } = await payment.checkout();
    const pending = await payment.orderBySession(sessionId);
    const refused = await resend(pending!.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: 'Only a paid order has a receipt.' });
    expect((await resend(randomUUID())).status).toBe(404);
    const order = await paidOrder();
    expect((await resend(order.id, MEMBER)).status).toBe(403);
    expect((await resend(order.id, { kind: 'anonymous' })).status).toBe(401);
    expect(await payment.events('payment.receipt.requested')).toHaveLength(before);
  });
});

/** The admin's orders list and the 30-day money-back guarantee; admin routes refuse everyone else. */
import { describe, expect, it } from '@jest/globals';
import {
  OrderListSchema,
  PaymentOrderRefundedSchema,
  REFUND_MESSAGES,
  RefundResponseSchema,
} from '@platform/contracts';
import { DAY } from '@platform/service-kit/clock';
import { eq } from 'drizzle-orm';
import { testCheckoutSessions } from '../../db/schema.js';
import {
  consultationRefunded,
  NEW_BUYER_EMAIL,
  ADMIN,
  CONSULTATION_LINE,
  MEMBER,
  backings,
  paidCheckout,
  usePaymentSuite,
} from '../../__tests__/harness.js';

describe.each(backings())('refunds and the admin orders API on $name', (factory) => {
  const { payment } = usePaymentSuite(factory);

  /** A checkout paid on the test page: fulfilled through its webhook. */
  const paidOrder = () => paidCheckout(payment);

  const refund = (id: string, caller = ADMIN, json: unknown = { reason: 'Changed my mind' }) =>
    payment.call(`/api/admin/orders/${id}/refund`, { caller, json });

  it('lists recent orders, newest first, for the admin', async () => {
    const { order } = await paidOrder();
    payment.clock.advance(1000);
    const { sessionId: pendingSession } = await payment.checkout();
    const response = await payment.call('/api/admin/orders', { caller: ADMIN });
    expect(response.status).toBe(200);
    const { orders } = OrderListSchema.parse(await response.json());
    expect(orders[0]).toMatchObject({
      status: 'pending',
      id: (await payment.orderBySession(pendingSession))!.id,
    });
    expect(orders[1]).toEqual({
      id: order.id,
      status: 'fulfilled',
      provider: 'test',
      customerEmail: expect.stringMatching(NEW_BUYER_EMAIL),
      customerName: 'Ada Lovelace',
      total: 69700,
      discount: 0,
      couponCode: null,
      refundReason: null,
      invoiceNumber: expect.stringMatching(/^INV-\d{6}$/),
      paymentPlan: null,
      currency: 'USD',
      lines: [CONSULTATION_LINE],
      createdAt: order.createdAt.toISOString(),
      paidAt: order.paidAt!.toISOString(),
      refundedAt: null,
      problem: null,
    });
  });

  it('refuses visitors (401) and members (403) on every admin route, changing nothing', async () => {
    const { order } = await paidOrder();
    for (const [caller, status] of [
      [{ kind: 'anonymous' } as const, 401],
      [MEMBER, 403],
    ] as const) {
      expect((await payment.call('/api/admin/orders', { caller })).status).toBe(status);
      expect((await refund(order.id, caller)).status).toBe(status);
    }
    expect((await payment.order(order.id))?.status).toBe('fulfilled');
    expect(await payment.events('payment.order.refunded')).toHaveLength(0);
  });

  it('refunds a paid order within 30 days through its provider, once, and says so on the bus', async () => {
    const { order, sessionId } = await paidOrder();
    payment.clock.advance(29 * DAY);
    const response = await refund(order.id);
    expect(response.status).toBe(200);
    const body = RefundResponseSchema.parse(await response.json());
    expect(body.order).toMatchObject({
      id: order.id,
      status: 'refunded',
      refundedAt: payment.clock.now().toISOString(),
    });

    const stored = await payment.order(order.id);
    expect(stored).toMatchObject({ status: 'refunded', refundReason: 'Changed my mind' });
    expect(stored?.refundId).toMatch(/^test_re_/);
    const [session] = await payment.service.deps.db
      .select()
      .from(testCheckoutSessions)
      .where(eq(testCheckoutSessions.id, sessionId));
    expect(session?.refundId).toBe(stored?.refundId);

    const events = await payment.events('payment.order.refunded');
    expect(events).toHaveLength(1);
    expect(PaymentOrderRefundedSchema.parse(events[0]!.data)).toEqual(
      consultationRefunded(order.id, payment.clock.now()),
    );

    // Twice is refused; the confirmation page no longer grants anything.
    const again = await refund(order.id);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: REFUND_MESSAGES.alreadyRefunded });
    expect(await payment.events('payment.order.refunded')).toHaveLength(1);
    const grant = await payment.call('/api/grant-course-access', { json: { session_id: sessionId } });
    expect(grant.status).toBe(402);
    expect(await grant.json()).toMatchObject({ success: false, status: 'refunded' });
  });

  it('refuses a refund more than 30 days after payment', async () => {
    const { order } = await paidOrder();
    payment.clock.advance(30 * DAY + 60_000);
    const response = await refund(order.id);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: 'Refunds are accepted within 30 days of payment.' });
    expect((await payment.order(order.id))?.status).toBe('fulfilled');
    expect(await payment.events('payment.order.refunded')).toHaveLength(1);
  });

  it('refuses to refund an unpaid order, and answers 404 for an unknown one', async () => {
    const { sessionId } = await payment.checkout();
    const pending = await payment.orderBySession(sessionId);
    const response = await refund(pending!.id, ADMIN, {});
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: REFUND_MESSAGES.notPaid });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const missing = await refund(id);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ message: REFUND_MESSAGES.notFound });
    }
    const { order } = await paidOrder();
    const bad = await refund(order.id, ADMIN, { reason: 42 });
    expect(bad.status).toBe(400);
    expect((await payment.order(order.id))?.status).toBe('fulfilled');
  });

  it('two refunds at once: one refunds, the other is told it already happened', async () => {
    const { order } = await paidOrder();
    const before = (await payment.events('payment.order.refunded')).length;
    const answers = await Promise.all([refund(order.id), refund(order.id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await payment.events('payment.order.refunded')).toHaveLength(before + 1);
  });
});

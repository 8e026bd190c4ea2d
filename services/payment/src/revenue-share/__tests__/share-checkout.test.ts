/**
 * Paying a revenue share online (docs/decisions.md, 28) on the real payment service: the checkout is priced
 * from the dues projection the revenue service's `revenue.share.due-changed` feeds (never from the
 * browser, the admin's offline payments deducted, a late announcement ignored), who may pay what
 * (401/400/404/409), the return to the report page, one fulfilment when the webhook and the return race,
 * and the automatic refund of a payment nothing was due for any more (seen here, or refused by the
 * revenue service).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  CreateCheckoutSessionResponseSchema,
  PaymentOrderPaidSchema,
  PaymentOrderRefundedSchema,
  SHARE_CHECKOUT_MESSAGES,
  type Caller,
  type EventData,
} from '@platform/contracts';
import { waitFor, useBacking } from '@platform/service-kit/testing';
import { and, eq } from 'drizzle-orm';
import {
  automaticRefunds,
  fulfilments,
  inboxEvents,
  orderLines,
  revenueShareDues,
  testCheckoutSessions,
} from '../../db/schema.js';
import { SHARE_NOT_DUE_PROBLEM } from '../../orders/fulfil-order.js';
import {
  backings,
  payWithLostWebhook,
  startPayment,
  type PaymentUnderTest,
  fulfilledOrder,
} from '../../__tests__/harness.js';

type UserCaller = Extract<Caller, { kind: 'user' }>;

function owner(): UserCaller {
  const id = randomUUID();
  return { kind: 'user', userId: id, email: `Owner-${id.slice(0, 8)}@Bistro-Example.com`, role: 'user' };
}

describe.each(backings())('paying a revenue share on $name', (factory) => {
  let payment: PaymentUnderTest;

  useBacking(factory, async (backing) => (payment = await startPayment(backing)));

  /** Delivers an event as another service's relay would, and waits until the payment service applied it. */
  async function deliver<T extends 'revenue.share.due-changed' | 'revenue.share-payment.refused'>(
    type: T,
    data: EventData<T>,
  ) {
    const id = randomUUID();
    await payment.service.deps.bus.publish({
      id,
      type,
      version: 1,
      occurredAt: payment.clock.now().toISOString(),
      data,
    });
    await waitFor(
      async () =>
        (await payment.service.deps.db.select().from(inboxEvents).where(eq(inboxEvents.eventId, id))).length,
      (count) => count > 0,
      `${type} to be applied`,
    );
  }

  /** What the revenue service announces about one report. */
  function announce(
    who: UserCaller,
    reportId: string,
    fields: Partial<EventData<'revenue.share.due-changed'>> & { sequence: number },
  ) {
    return deliver('revenue.share.due-changed', {
      reportId,
      userId: who.userId,
      periodStart: '2030-03-01',
      periodEnd: '2030-03-31',
      amountDue: 12_345,
      verified: true,
      firstName: 'Rosa',
      lastName: 'Díaz',
      changedAt: payment.clock.now().toISOString(),
      ...fields,
    });
  }

  /** A verified report of a new owner, owing `amountDue`. */
  async function verifiedReport(amountDue = 12_345) {
    const who = owner();
    const reportId = randomUUID();
    await announce(who, reportId, { amountDue, sequence: 2 });
    return { who, reportId };
  }

  const payShare = (caller: Caller | undefined, json: unknown) =>
    payment.call('/api/revenue-share-checkout', { caller, json });

  async function checkout(who: UserCaller, reportId: string) {
    const response = await payShare(who, { reportId });
    expect(response.status).toBe(200);
    return CreateCheckoutSessionResponseSchema.parse(await response.json());
  }

  const returnFrom = (sessionId: string) =>
    payment.call(`/api/revenue-share-checkout/return?session_id=${encodeURIComponent(sessionId)}`);

  function webhookFor(sessionId: string) {
    const { body, signature } = payment.testProvider().buildWebhook('checkout.session.completed', sessionId);
    return payment.postWebhook('test', body, {
      'content-type': 'application/json',
      'test-signature': signature,
    });
  }

  async function paidEventsOf(reportId: string) {
    return (await payment.events('payment.order.paid'))
      .map((event) => PaymentOrderPaidSchema.parse(event.data))
      .filter((event) => event.revenueReportId === reportId);
  }

  async function refundedEventsOf(reportId: string) {
    return (await payment.events('payment.order.refunded'))
      .map((event) => PaymentOrderRefundedSchema.parse(event.data))
      .filter((event) => event.revenueReportId === reportId);
  }

  it('answers 401 to visitors and 400 to a body without a report id, storing nothing', async () => {
    const { who, reportId } = await verifiedReport();
    const before = await payment.counts();
    const visitor = await payShare(undefined, { reportId });
    expect(visitor.status).toBe(401);
    for (const body of [{}, { reportId: 'report-1' }, { reportId: 42 }, { reportId: `${reportId}x` }]) {
      const response = await payShare(who, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(SHARE_CHECKOUT_MESSAGES.reportId);
    }
    expect(await payment.counts()).toEqual(before);
  });

  it('answers 404 for a report it does not know and for another owner’s report', async () => {
    const { reportId } = await verifiedReport();
    const stranger = owner();
    for (const id of [randomUUID(), reportId]) {
      const response = await payShare(stranger, { reportId: id });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: SHARE_CHECKOUT_MESSAGES.notFound });
    }
  });

  it('answers 409 while the report is not verified, and once nothing is due', async () => {
    const who = owner();
    const unverified = randomUUID();
    await announce(who, unverified, { verified: false, sequence: 1 });
    const paid = randomUUID();
    await announce(who, paid, { amountDue: 0, sequence: 5 });
    const before = await payment.counts();
    for (const reportId of [unverified, paid]) {
      const response = await payShare(who, { reportId });
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ message: SHARE_CHECKOUT_MESSAGES.nothingDue });
    }
    expect(await payment.counts()).toEqual(before);
  });

  it('prices the order from the projection, whatever amount the browser sends', async () => {
    const { who, reportId } = await verifiedReport(12_345);
    const response = await payShare(who, { reportId, amount: 1, price: 1, total: 1, amountDue: 1 });
    expect(response.status).toBe(200);
    const { sessionId, url } = CreateCheckoutSessionResponseSchema.parse(await response.json());
    expect(url).toBe(`/api/test-checkout/${sessionId}`);

    const order = (await payment.orderBySession(sessionId))!;
    expect(order).toMatchObject({
      status: 'pending',
      total: 12_345,
      revenueReportId: reportId,
      placedByUserId: who.userId,
      customerEmail: who.email.toLowerCase(),
      customerFirstName: 'Rosa',
      customerLastName: 'Díaz',
      billingInfo: null,
    });
    const lines = await payment.service.deps.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id));
    expect(lines).toEqual([
      expect.objectContaining({
        productId: 'revenue-share',
        name: 'Revenue share, March 2030',
        unitPrice: 12_345,
        quantity: 1,
        courseId: null,
      }),
    ]);
    const session = await payment.testProvider().findSession(sessionId);
    expect(session).toMatchObject({
      amount: 12_345,
      successUrl: expect.stringContaining('/api/revenue-share-checkout/return'),
    });
  });

  it('deducts what the admin recorded offline, and ignores an announcement that arrives late', async () => {
    const { who, reportId } = await verifiedReport(50_000);
    const first = await checkout(who, reportId);
    // The admin records $200.00 paid offline: the revenue service announces $300.00 still due.
    await announce(who, reportId, { amountDue: 30_000, sequence: 3 });
    // The report's earlier announcement, delivered late, changes nothing.
    await announce(who, reportId, { amountDue: 50_000, sequence: 2 });
    const [due] = await payment.service.deps.db
      .select()
      .from(revenueShareDues)
      .where(eq(revenueShareDues.reportId, reportId));
    expect(due).toMatchObject({ amountDue: 30_000, sequence: 3 });

    const second = await checkout(who, reportId);
    expect(second.sessionId).not.toBe(first.sessionId);
    expect((await payment.orderBySession(second.sessionId))?.total).toBe(30_000);
  });

  it('reopens the same payment page while a checkout of the report is open', async () => {
    const { who, reportId } = await verifiedReport();
    const first = await checkout(who, reportId);
    const before = await payment.counts();
    const again = await Promise.all([checkout(who, reportId), checkout(who, reportId)]);
    expect(again).toEqual([first, first]);
    expect(await payment.counts()).toEqual(before);
  });

  it('sends the owner back to the report page: paid, cancelled, declined, unknown', async () => {
    const { who, reportId } = await verifiedReport();
    const cancelled = await checkout(who, reportId);
    const cancel = await payment.call(`/api/test-checkout/${cancelled.sessionId}/cancel`, { method: 'POST' });
    expect(cancel.headers.get('location')).toBe('/revenue-report?payment=cancelled');
    const decline = await payment.call(`/api/test-checkout/${cancelled.sessionId}/decline`, {
      method: 'POST',
    });
    expect(decline.headers.get('location')).toBe('/revenue-report?payment=failed');
    expect((await payment.orderBySession(cancelled.sessionId))?.status).toBe('failed');
    expect((await returnFrom(cancelled.sessionId)).headers.get('location')).toBe(
      '/revenue-report?payment=failed',
    );

    const { sessionId } = await checkout(who, reportId);
    expect(sessionId).not.toBe(cancelled.sessionId);
    const pending = await returnFrom(sessionId);
    expect(pending.status).toBe(303);
    expect(pending.headers.get('location')).toBe('/revenue-report?payment=pending');

    const pay = await payment.call(`/api/test-checkout/${sessionId}/pay`, { method: 'POST' });
    expect(pay.headers.get('location')).toBe(`/api/revenue-share-checkout/return?session_id=${sessionId}`);
    const back = await returnFrom(sessionId);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/revenue-report?payment=paid');

    for (const path of [
      '/api/revenue-share-checkout/return',
      '/api/revenue-share-checkout/return?session_id=test_cs_nobodys',
    ]) {
      const unknown = await payment.call(path);
      expect(unknown.status).toBe(303);
      expect(unknown.headers.get('location')).toBe('/revenue-report');
    }
  });

  it('tells the revenue service which report was paid, and buys no course', async () => {
    const { who, reportId } = await verifiedReport(9_900);
    const { sessionId } = await checkout(who, reportId);
    const order = await fulfilledOrder(payment, sessionId);
    expect(await paidEventsOf(reportId)).toEqual([
      expect.objectContaining({
        orderId: order.id,
        revenueReportId: reportId,
        placedByUserId: who.userId,
        total: 9_900,
        courseIds: [],
        lines: [
          { productId: 'revenue-share', name: 'Revenue share, March 2030', unitPrice: 9_900, quantity: 1 },
        ],
      }),
    ]);
  });

  it('the webhook and the return racing for the same payment fulfil it once', async () => {
    const sessions = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const { who, reportId } = await verifiedReport();
        const { sessionId } = await checkout(who, reportId);
        await payWithLostWebhook(payment, sessionId);
        return { sessionId, reportId };
      }),
    );
    const before = await payment.counts();
    await Promise.all(
      sessions.map(async ({ sessionId }) => {
        const [webhook, back, backAgain] = await Promise.all([
          webhookFor(sessionId),
          returnFrom(sessionId),
          returnFrom(sessionId),
        ]);
        expect(webhook.status).toBe(200);
        expect(['fulfilled', 'already-fulfilled']).toContain(
          ((await webhook.json()) as { outcome: string }).outcome,
        );
        expect(back.headers.get('location')).toBe('/revenue-report?payment=paid');
        expect(backAgain.headers.get('location')).toBe('/revenue-report?payment=paid');
      }),
    );
    const after = await payment.counts();
    expect(after.fulfilments).toBe(before.fulfilments + sessions.length);
    expect(after.paidEvents).toBe(before.paidEvents + sessions.length);
    for (const { reportId } of sessions) expect(await paidEventsOf(reportId)).toHaveLength(1);
  });

  it('a second Pay now after the first page was paid fulfils the first and charges nothing more', async () => {
    const { who, reportId } = await verifiedReport();
    const first = await checkout(who, reportId);
    await payWithLostWebhook(payment, first.sessionId);
    const before = await payment.counts();
    const again = await payShare(who, { reportId });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: SHARE_CHECKOUT_MESSAGES.nothingDue });
    expect((await payment.orderBySession(first.sessionId))?.status).toBe('fulfilled');
    const after = await payment.counts();
    expect(after.orders).toBe(before.orders);
    expect(after.paidEvents).toBe(before.paidEvents + 1);
  });

  it('refunds by itself a payment that arrives when nothing is due any more', async () => {
    const { who, reportId } = await verifiedReport(20_000);
    const { sessionId } = await checkout(who, reportId);
    // Paid in full offline meanwhile: nothing is due.
    await announce(who, reportId, { amountDue: 0, sequence: 3 });
    const before = await payment.counts();

    await payWithLostWebhook(payment, sessionId);
    const webhook = await webhookFor(sessionId);
    expect(await webhook.json()).toEqual({ received: true, outcome: 'nothing-due' });
    const order = (await payment.orderBySession(sessionId))!;
    expect(order.problem).toBe(SHARE_NOT_DUE_PROBLEM);
    expect(await paidEventsOf(reportId)).toEqual([]);
    expect((await payment.counts()).fulfilments).toBe(before.fulfilments);

    const refunded = await waitFor(
      () => payment.order(order.id),
      (row) => row?.status === 'refunded',
      'the automatic refund',
    );
    expect(refunded?.refundReason).toMatch(/^Automatic: /);
    expect(await refundedEventsOf(reportId)).toEqual([
      expect.objectContaining({ orderId: order.id, amount: 20_000, automatic: true, courseIds: [] }),
    ]);
    const [session] = await payment.service.deps.db
      .select()
      .from(testCheckoutSessions)
      .where(eq(testCheckoutSessions.id, sessionId));
    expect(session?.refundId).toMatch(/^test_re_/);
    // The queue marks its item once the handler has returned, just after the order's refund committed.
    const queued = await waitFor(
      async () => {
        const [row] = await payment.service.deps.db
          .select()
          .from(automaticRefunds)
          .where(eq(automaticRefunds.id, order.id));
        return row;
      },
      (row) => row?.status !== 'queued',
      'the refund queue marking its item',
    );
    expect(queued).toMatchObject({ status: 'refunded' });
    // Even were the share owed again, a payment found unneeded stays refunded, and says so.
    await announce(who, reportId, { amountDue: 20_000, sequence: 4 });
    expect((await returnFrom(sessionId)).headers.get('location')).toBe('/revenue-report?payment=refunded');
    expect((await webhookFor(sessionId)).status).toBe(200);
    expect(await paidEventsOf(reportId)).toEqual([]);
  });

  it('refunds by itself a payment the revenue service refused to record, once', async () => {
    const { who, reportId } = await verifiedReport(7_500);
    const { sessionId } = await checkout(who, reportId);
    const order = await fulfilledOrder(payment, sessionId);

    const refusal: EventData<'revenue.share-payment.refused'> = {
      orderId: order.id,
      reportId,
      userId: who.userId,
      amount: 7_500,
      reason: 'nothing-due',
      refusedAt: payment.clock.now().toISOString(),
    };
    await deliver('revenue.share-payment.refused', refusal);
    await waitFor(
      () => payment.order(order.id),
      (row) => row?.status === 'refunded',
      'the automatic refund',
    );
    // Told again (another event), it refunds nothing more.
    await deliver('revenue.share-payment.refused', refusal);
    const rows = await payment.service.deps.db
      .select()
      .from(automaticRefunds)
      .where(and(eq(automaticRefunds.id, order.id), eq(automaticRefunds.status, 'refunded')));
    expect(rows).toHaveLength(1);
    expect(await refundedEventsOf(reportId)).toEqual([
      expect.objectContaining({ orderId: order.id, amount: 7_500, automatic: true }),
    ]);
    const [fulfilment] = await payment.service.deps.db
      .select()
      .from(fulfilments)
      .where(eq(fulfilments.orderId, order.id));
    expect(fulfilment).toBeDefined();
  });
});

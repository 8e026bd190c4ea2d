/**
 * Who may make each revenue-share call of the payment service, on the real service
 * (docs/behaviour/checkout-and-payments.md#paying-a-revenue-share): every `/api/revenue-share-checkout*`
 * route × the five callers (a visitor, a free account, the owner of the verified report the call names,
 * another owner with a verified report of their own, the admin), with what each one gets.
 *
 * Only the report's owner opens its checkout; to anyone else the report does not exist (404), the admin
 * included. The return from the provider's page is the same for every caller: the provider sends the
 * browser there, and the answer is only where to go next, decided by asking the provider about the
 * session (whose id is the unguessable key), never by who asks.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { CreateCheckoutSessionResponseSchema, type Caller, type EventData } from '@platform/contracts';
import { listServiceRoutes, routeKey, waitFor, useBacking } from '@platform/service-kit/testing';
import { eq, isNotNull } from 'drizzle-orm';
import { inboxEvents, orders } from '../../db/schema.js';
import { backings, startPayment, type PaymentUnderTest } from '../../__tests__/harness.js';

const CALLERS = ['visitor', 'free account', 'owner', 'another owner', 'admin'] as const;
type CallerName = (typeof CALLERS)[number];
/** A status, or for a redirect the status and where it leads. */
type Answer = number | string;
type Expected = Record<CallerName, Answer>;

type UserCaller = Extract<Caller, { kind: 'user' }>;

function account(role: 'user' | 'admin' = 'user'): UserCaller {
  const id = randomUUID();
  return { kind: 'user', userId: id, email: `${role}-${id.slice(0, 8)}@bistro-example.com`, role };
}

interface Row {
  call: string;
  request: () => { path: string; json?: unknown };
  expected: Expected;
}

describe.each(backings())('who may make each revenue-share payment call on $name', (factory) => {
  let payment: PaymentUnderTest;
  const owner = account();
  const otherOwner = account();
  const reportId = randomUUID();
  let pendingSession: string;

  /** What the revenue service announces for a verified report owing $123.45. */
  async function announceVerified(who: UserCaller, id: string) {
    const eventId = randomUUID();
    const data: EventData<'revenue.share.due-changed'> = {
      reportId: id,
      userId: who.userId,
      periodStart: '2030-02-01',
      periodEnd: '2030-02-28',
      amountDue: 12_345,
      verified: true,
      firstName: 'Rosa',
      lastName: 'Díaz',
      changedAt: payment.clock.now().toISOString(),
      sequence: 2,
    };
    await payment.service.deps.bus.publish({
      id: eventId,
      type: 'revenue.share.due-changed',
      version: 1,
      occurredAt: payment.clock.now().toISOString(),
      data,
    });
    await waitFor(
      async () =>
        (await payment.service.deps.db.select().from(inboxEvents).where(eq(inboxEvents.eventId, eventId)))
          .length,
      (count) => count > 0,
      'the share to reach the dues projection',
    );
  }

  useBacking(factory, async (backing) => {
    payment = await startPayment(backing);
    await announceVerified(owner, reportId);
    await announceVerified(otherOwner, randomUUID());
    // A checkout of the owner's share, left open on the provider's page.
    const opened = await payment.call('/api/revenue-share-checkout', { caller: owner, json: { reportId } });
    expect(opened.status).toBe(200);
    pendingSession = CreateCheckoutSessionResponseSchema.parse(await opened.json()).sessionId;
    return payment;
  });

  function callerOf(name: CallerName): Caller | undefined {
    switch (name) {
      case 'visitor':
        return undefined;
      case 'free account':
        return account();
      case 'owner':
        return owner;
      case 'another owner':
        return otherOwner;
      case 'admin':
        return account('admin');
    }
  }

  const rows: Row[] = [
    {
      call: 'POST /api/revenue-share-checkout',
      request: () => ({ path: '/api/revenue-share-checkout', json: { reportId } }),
      expected: { visitor: 401, 'free account': 404, owner: 200, 'another owner': 404, admin: 404 },
    },
    {
      call: 'GET /api/revenue-share-checkout/return',
      request: () => ({
        path: `/api/revenue-share-checkout/return?session_id=${encodeURIComponent(pendingSession)}`,
      }),
      expected: Object.fromEntries(
        CALLERS.map((name) => [name, '303 /revenue-report?payment=pending']),
      ) as Expected,
    },
  ];

  it('lists every revenue-share route the service serves, once', () => {
    const served = listServiceRoutes(payment.service)
      .filter((route) => route.path.startsWith('/api/revenue-share'))
      .map(routeKey);
    expect(rows.map((row) => row.call).sort()).toEqual(served.sort());
  });

  it.each(rows)('$call', async ({ request, expected }) => {
    const answers = {} as Expected;
    for (const name of CALLERS) {
      const { path, json } = request();
      const response = await payment.call(path, { caller: callerOf(name), json });
      await response.arrayBuffer();
      const location = response.headers.get('location');
      answers[name] = location ? `${response.status} ${location}` : response.status;
    }
    expect(answers).toEqual(expected);
  });

  it('opened no checkout for a caller it refused', async () => {
    // The owner's second 'Pay now' reopened the same page: one order, the owner's.
    const shareOrders = await payment.service.deps.db
      .select({ placedBy: orders.placedByUserId })
      .from(orders)
      .where(isNotNull(orders.revenueReportId));
    expect(shareOrders).toEqual([{ placedBy: owner.userId }]);
  });
});

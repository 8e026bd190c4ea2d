/**
 * Paying a revenue share online (docs/architecture.md#revenue-share-paying-a-share-online) with the real
 * auth, course, payment, revenue and notification services on one bus, driven by one settable clock: the
 * payment service learns what a report owes only from the revenue service's `revenue.share.due-changed`
 * (the admin's offline payment deducted); the owner pays on the test provider's page while its webhook and
 * the return race; the revenue service records the payment once and the report is paid; the order enrols
 * nobody and grants nothing; a refund re-opens the report; and of two checkouts paid for the same share the
 * one that is not needed is refunded automatically. Runs on the in-process bus with PGlite (the embedded
 * mode) and, with POSTGRES_URL and NATS_URL, on JetStream with PostgreSQL (the distributed mode).
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  CreateCheckoutSessionResponseSchema,
  EnrollmentListSchema,
  MailListSchema,
  MyRevenueReportsSchema,
  OrderListSchema,
  SHARE_CHECKOUT_MESSAGES,
  type Caller,
  type RevenueReport,
} from '@platform/contracts';
import { authService } from '@platform/auth';
import { courseService } from '@platform/course';
import { notificationService } from '@platform/notification';
import { paymentService } from '@platform/payment';
import { revenueService } from '@platform/revenue';
import { SettableClock } from '@platform/service-kit/clock';
import { type RunningService } from '@platform/service-kit/runtime';
import { systemBackings, waitFor } from '@platform/service-kit/testing';
import { sql, type SQL } from 'drizzle-orm';
import { ADMIN, ANONYMOUS, useChoreography } from './choreography.js';

const PASSWORD = 'Fresh-Start!2030';
/** A webhook address nobody answers: the test page takes the money, its webhook is lost. */
const LOST = 'http://127.0.0.1:1/api/webhooks/test';
const SERVICES = ['auth', 'course', 'payment', 'revenue', 'notification'] as const;

const modes = systemBackings({ services: SERVICES, label: 'share-payment' });

describe.each(modes)('paying a revenue share online on $name', (mode) => {
  const clock = new SettableClock('2030-01-05T12:00:00.000Z');
  let auth: RunningService;
  let course: RunningService;
  let payment: Awaited<ReturnType<typeof startPayment>>;
  let revenue: RunningService;
  let notification: RunningService;
  let owner: Extract<Caller, { kind: 'user' }>;
  let reportId: string;
  let firstOrderId: string;

  // Five services with their migrations on a shared machine take a while to start.
  const { start, call, post, sessionCaller, signUp } = useChoreography(
    mode,
    { clock, timeoutMs: 300_000 },
    async () => {
      auth = await start(authService);
      course = await start(courseService);
      payment = await startPayment();
      revenue = await start(revenueService);
      notification = await start(notificationService);
    },
  );
  const startPayment = () => start(paymentService);

  const payShare = (id = reportId) => post(payment, '/api/revenue-share-checkout', owner, { reportId: id });
  async function checkout(id = reportId) {
    const response = await payShare(id);
    expect(response.status).toBe(200);
    return CreateCheckoutSessionResponseSchema.parse(await response.json());
  }
  const myReport = async (): Promise<RevenueReport> =>
    MyRevenueReportsSchema.parse(
      await (await call(revenue, '/api/revenue-reports', owner)).json(),
    ).reports.find((report) => report.id === reportId)!;
  /** Rows of a query on a service's own database. */
  async function rowsOf(service: RunningService, query: SQL): Promise<Array<Record<string, unknown>>> {
    return (await service.deps.db.execute(query)).rows as Array<Record<string, unknown>>;
  }
  /** What the payment service's projection holds for the report. */
  async function projected() {
    const [row] = await rowsOf(
      payment,
      sql`select amount_due::int as "amountDue", verified, sequence
            from payment.revenue_share_dues where report_id = ${reportId}`,
    );
    return row ?? null;
  }
  async function orderOf(sessionId: string) {
    const { orders } = OrderListSchema.parse(await (await call(payment, '/api/admin/orders', ADMIN)).json());
    const [row] = await rowsOf(
      payment,
      sql`select id from payment.orders where provider_session_id = ${sessionId}`,
    );
    return orders.find((order) => order.id === row?.id)!;
  }
  /** How many events of a type a service's consumers have applied (one inbox row per consumer). */
  const countInbox = async (service: RunningService, schema: 'auth' | 'revenue', type: string) =>
    Number(
      (
        await rowsOf(
          service,
          sql`select count(*)::int as count from ${sql.identifier(schema)}.inbox_events where type = ${type}`,
        )
      )[0]?.count,
    );
  const mailTo = async (address: string) =>
    MailListSchema.parse(
      await (await call(notification, '/api/admin/mail?limit=200', ADMIN)).json(),
    ).messages.filter((mail) => mail.to.toLowerCase() === address.toLowerCase());
  const enrolments = async () =>
    EnrollmentListSchema.parse(await (await call(course, '/api/enrollments', owner)).json());

  it('an owner on the plan reports a month; the payment service learns what it owes', async () => {
    const email = `rosa-${randomBytes(4).toString('hex')}@bistro-example.com`;
    const cookie = await signUp(auth, { firstName: 'Rosa', lastName: 'Díaz', email, password: PASSWORD });
    const caller = await sessionCaller(auth, cookie);
    if (caller.kind !== 'user') throw new Error('the signed-up owner is not signed in');
    owner = caller;
    expect(
      (
        await post(revenue, '/api/revenue-share-consent', owner, {
          consentToTerms: true,
          baselineNetRevenue: 500_000,
        })
      ).status,
    ).toBe(200);
    await waitFor(enrolments, (list) => list.length === 1, 'the programme’s enrolment');
    // The owner was on the programme before the platform: February 2030 is their first month to report.
    expect(
      (
        await post(revenue, `/api/admin/revenue-customers/${owner.userId}/agreement-date`, ADMIN, {
          agreedAt: '2029-12-20',
          reason: 'Signed the paper agreement in December',
        })
      ).status,
    ).toBe(200);

    clock.set('2030-03-03T10:00:00.000Z');
    // Net $11,000.00 over a $5,000.00 baseline: a share of $600.00.
    const report = await post(revenue, '/api/revenue-report', owner, {
      reportingPeriodStart: '2030-02-01',
      reportingPeriodEnd: '2030-02-28',
      grossRevenue: 1_600_000,
      businessExpenses: 500_000,
      netRevenue: 1_100_000,
    });
    expect(report.status).toBe(200);
    reportId = ((await report.json()) as { report: { id: string } }).report.id;

    await waitFor(projected, (due) => due?.sequence === 1, 'the report in the projection');
    expect(await projected()).toEqual({ amountDue: 60_000, verified: false, sequence: 1 });
    const early = await payShare();
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ message: SHARE_CHECKOUT_MESSAGES.nothingDue });
  }, 120_000);

  it('the admin verifies and records $200.00 paid offline: the checkout asks for the remaining $400.00', async () => {
    expect((await post(revenue, `/api/admin/verify-report/${reportId}`, ADMIN)).status).toBe(200);
    expect((await post(revenue, `/api/admin/mark-paid/${reportId}`, ADMIN, { amount: 20_000 })).status).toBe(
      200,
    );
    await waitFor(projected, (due) => due?.sequence === 3, 'the offline payment in the projection');
    expect(await projected()).toEqual({ amountDue: 40_000, verified: true, sequence: 3 });

    const { sessionId, url } = await checkout();
    expect(url).toBe(`/api/test-checkout/${sessionId}`);
    const page = await call(payment, url, ANONYMOUS);
    expect(await page.text()).toContain('Revenue share, February 2030');
    expect(await orderOf(sessionId)).toMatchObject({
      status: 'pending',
      total: 40_000,
      lines: [
        { productId: 'revenue-share', name: 'Revenue share, February 2030', unitPrice: 40_000, quantity: 1 },
      ],
    });
  }, 120_000);

  it('the webhook and the return race; the report is paid once, and the order enrols nobody', async () => {
    const { sessionId } = await checkout();
    const provider = payment.deps.runtime.test!;
    expect(await provider.pay((await provider.findSession(sessionId))!, LOST)).toBe('paid');
    const { body, signature } = provider.buildWebhook('checkout.session.completed', sessionId);
    const [webhook, back, backAgain] = await Promise.all([
      fetch(`${payment.url}/api/webhooks/test`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', 'test-signature': signature },
      }),
      call(payment, `/api/revenue-share-checkout/return?session_id=${sessionId}`, ANONYMOUS),
      call(payment, `/api/revenue-share-checkout/return?session_id=${sessionId}`, ANONYMOUS),
    ]);
    expect(webhook.status).toBe(200);
    expect(back.headers.get('location')).toBe('/revenue-report?payment=paid');
    expect(backAgain.headers.get('location')).toBe('/revenue-report?payment=paid');
    const order = await orderOf(sessionId);
    expect(order.status).toBe('fulfilled');
    firstOrderId = order.id;

    const paid = await waitFor(myReport, (report) => report.status === 'paid', 'the report to be paid');
    expect(paid).toMatchObject({ amountPaid: 60_000, amountDue: 0, sharePaid: true });
    await waitFor(projected, (due) => due?.amountDue === 0, 'nothing due in the projection');
    const again = await payShare();
    expect(again.status).toBe(409);

    // Auth and notification handled the payment (the receipt is there): auth granted nothing, and the
    // course service enrolled nobody more.
    const [receipt] = await waitFor(
      () => mailTo(owner.email),
      (mails) => mails.some((mail) => mail.template === 'receipt'),
      'the receipt',
    ).then((mails) => mails.filter((mail) => mail.template === 'receipt'));
    expect(receipt!.text).toContain('The payment is recorded on your revenue report');
    expect(receipt!.text).not.toContain('money-back guarantee');
    await waitFor(
      () => countInbox(auth, 'auth', 'payment.order.paid'),
      (count) => count === 1,
      'auth to have handled the paid order',
    );
    expect(
      await rowsOf(auth, sql`select 1 from auth.member_grants where order_id = ${firstOrderId}`),
    ).toEqual([]);
    expect(await enrolments()).toHaveLength(1);
  }, 120_000);

  it('a refund re-opens the report, and the share can be paid again', async () => {
    const refund = await post(payment, `/api/admin/orders/${firstOrderId}/refund`, ADMIN, {
      reason: 'Mistake',
    });
    expect(refund.status).toBe(200);
    const reopened = await waitFor(myReport, (report) => !report.sharePaid, 'the report to be owed again');
    expect(reopened).toMatchObject({ status: 'verified', amountPaid: 20_000, amountDue: 40_000 });
    await waitFor(projected, (due) => due?.amountDue === 40_000, 'the share owed again in the projection');
    const { sessionId } = await checkout();
    expect((await orderOf(sessionId)).total).toBe(40_000);
  }, 120_000);

  it('of two checkouts paid for the same share, the one not needed is refunded automatically', async () => {
    const first = await checkout();
    // Another $100.00 arrives offline while the first page is open: the next checkout asks $300.00.
    expect((await post(revenue, `/api/admin/mark-paid/${reportId}`, ADMIN, { amount: 10_000 })).status).toBe(
      200,
    );
    await waitFor(
      projected,
      (due) => due?.amountDue === 30_000,
      'the second offline payment in the projection',
    );
    const second = await checkout();
    expect(second.sessionId).not.toBe(first.sessionId);
    expect((await orderOf(second.sessionId)).total).toBe(30_000);

    // Both pages paid at once.
    await Promise.all(
      [first, second].map(({ sessionId }) =>
        call(payment, `/api/test-checkout/${sessionId}/pay`, ANONYMOUS, { method: 'POST' }),
      ),
    );
    const paid = await waitFor(myReport, (report) => report.status === 'paid', 'the report to be paid');
    expect(paid).toMatchObject({ amountPaid: 60_000, amountDue: 0 });
    const refunded = await waitFor(
      () => orderOf(first.sessionId),
      (order) => order.status === 'refunded',
      'the unneeded payment to be refunded',
    );
    expect(refunded.total).toBe(40_000);
    expect((await orderOf(second.sessionId)).status).toBe('fulfilled');
    const mails = await waitFor(
      () => mailTo(owner.email),
      (list) => list.filter((mail) => mail.template === 'refund').length === 2,
      'both refund e-mails',
    );
    expect(mails.some((mail) => mail.text.includes('another payment had already covered it'))).toBe(true);
    // The report stays paid: the refund of a payment it never recorded takes nothing away.
    await waitFor(
      () => countInbox(revenue, 'revenue', 'payment.order.refunded'),
      (count) => count === 4,
      'the revenue service to have handled the refunds',
    );
    expect(await myReport()).toMatchObject({ status: 'paid', amountPaid: 60_000 });
  }, 120_000);
});

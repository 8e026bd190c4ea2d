/**
 * The admin's revenue ledger on the real service: who may call each revenue route (visitor, free account,
 * owner, another owner, admin), verify, mark paid (partial, exact, over, unverified, twice), the lists'
 * fields, the reminder the admin sends, and the stats with the membership figures fed by payment events.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  AdminReportActionResponseSchema,
  REVENUE_ADMIN_MESSAGES,
  RevenueStatsSchema,
  SendReminderResponseSchema,
  type AdminRevenueReport,
} from '@platform/contracts';
import { DAY } from '@platform/service-kit/clock';
import {
  backings,
  json,
  reportBody,
  user,
  type UserCaller,
  submitFebruaryReport,
  useClockedOwner,
} from '../../__tests__/harness.js';

describe.each(backings())('the admin revenue ledger on $name', (factory) => {
  let other: UserCaller;
  let reportId: string;

  // The owner was on the programme before the platform: February is their first month to report. `other`
  // agreed here on January 5, so their implementation ends February 4 and March comes first.
  const { revenue, clock, owner, support } = useClockedOwner(
    factory,
    { agreedAt: '2029-12-20', baselineNetRevenue: 100_000 },
    {},
    async () => {
      other = user();
      await revenue.consent(other);
      await revenue.statusChanged(owner, { planStatus: 'rs_pending', consultationStatus: 'not_started' });
      reportId = await submitFebruaryReport(revenue, clock, owner, 2030);
    },
  );

  const reportOf = async (id: string): Promise<AdminRevenueReport> =>
    (await revenue.adminReports()).find((r) => r.id === id)!;

  describe('who may call', () => {
    // Three values per row: jest would take a missing third for a `done` callback.
    const adminCalls: Array<[string, string, unknown]> = [
      ['GET', '/api/admin/revenue-stats', null],
      ['GET', '/api/admin/revenue-customers', null],
      ['GET', '/api/admin/revenue-customers.csv', null],
      ['GET', '/api/admin/revenue-reports', null],
      ['GET', '/api/admin/revenue-reports.csv', null],
      ['POST', `/api/admin/verify-report/${randomUUID()}`, {}],
      ['POST', `/api/admin/mark-paid/${randomUUID()}`, { amount: 1 }],
      ['POST', '/api/admin/send-reminder', { customerId: randomUUID(), reminderType: 'report' }],
      [
        'POST',
        `/api/admin/revenue-customers/${randomUUID()}/agreement-date`,
        { agreedAt: '2029-06-01', reason: 'Signed on paper' },
      ],
    ];
    const call = (caller: UserCaller | null, method: string, path: string, body?: unknown) => {
      return revenue.requestBy(caller, path, method === 'POST' ? json(body ?? {}) : {});
    };

    it.each(adminCalls)('%s %s: visitors 401, free accounts and owners 403', async (method, path, body) => {
      expect((await call(null, method, path, body)).status).toBe(401);
      const free = await call(user(), method, path, body);
      expect(free.status).toBe(403);
      expect(await free.json()).toEqual({ message: 'Access denied' });
      expect((await call(owner, method, path, body)).status).toBe(403);
    });

    it('lets the admin in (an unknown report or customer is a 404)', async () => {
      for (const [method, path, body] of adminCalls) {
        const response = await call(support, method, path, body);
        expect({ path, status: response.status }).toEqual({
          path,
          status: method === 'GET' ? 200 : 404,
        });
      }
      const odd = await call(support, 'POST', '/api/admin/verify-report/not-a-uuid');
      expect(odd.status).toBe(404);
      expect(await odd.json()).toEqual({ message: REVENUE_ADMIN_MESSAGES.reportNotFound });
    });

    it('keeps owners to their own reports: another owner sees none of them', async () => {
      expect((await revenue.myReports(other)).reports).toEqual([]);
      expect((await revenue.myReports(owner)).reports.map((r) => r.id)).toEqual([reportId]);
    });
  });

  describe('the lists', () => {
    it('shows each report with the reference’s fields, the baseline and the increase', async () => {
      expect(await reportOf(reportId)).toEqual({
        id: reportId,
        userId: owner.userId,
        userName: 'Marta Quintero',
        userEmail: owner.email,
        reportingPeriodStart: '2030-02-01',
        reportingPeriodEnd: '2030-02-28',
        grossRevenue: 1_600_000,
        netRevenue: 1_100_000,
        businessExpenses: 500_000,
        notes: null,
        baselineNetRevenue: 100_000,
        revenueIncrease: 1_000_000,
        shareOwed: 100_000,
        sharePercentage: 10,
        amountPaid: 0,
        amountDue: 100_000,
        verified: false,
        sharePaid: false,
        status: 'submitted',
        dueDate: '2030-04-02T10:00:00.000Z',
        createdAt: '2030-03-03T10:00:00.000Z',
        verifiedAt: null,
        sharePaidAt: null,
        documents: [],
        periodFlag: null,
        estimated: false,
        estimateClosedAt: null,
        replacedByReportId: null,
        dispute: null,
      });
    });

    it('shows each customer with their figures and standing', async () => {
      const customers = await revenue.customers();
      expect(customers.find((customer) => customer.id === owner.userId)).toEqual({
        id: owner.userId,
        firstName: 'Marta',
        lastName: 'Quintero',
        email: owner.email,
        planType: 'revenue_share',
        createdAt: '2030-01-05T12:00:00.000Z',
        reportsSubmitted: 1,
        totalOwed: 100_000,
        totalPaid: 0,
        status: 'current',
        lastReportDate: '2030-03-03T10:00:00.000Z',
        baselineNetRevenue: 100_000,
        implementationEndsAt: '2030-01-19T00:00:00.000Z',
        agreedAt: '2029-12-20',
        leftAt: null,
        leaveReason: null,
        firstReportableMonth: '2030-02-01',
        missingReports: [],
        flaggedReports: 0,
      });
      expect(customers.find((customer) => customer.id === other.userId)).toMatchObject({
        firstName: '',
        email: other.email,
        reportsSubmitted: 0,
        lastReportDate: null,
        // Implementation ended February 4: March is the first month to report.
        status: 'current',
      });
    });
  });

  describe('verify and mark paid', () => {
    it('refuses a payment before the report is verified', async () => {
      const response = await revenue.markPaid(reportId, 1000);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: REVENUE_ADMIN_MESSAGES.notVerified });
    });

    it('verifies once, with the page’s text', async () => {
      clock.advance(DAY);
      const first = await revenue.verify(reportId);
      expect(first.status).toBe(200);
      const answer = AdminReportActionResponseSchema.parse(await first.json());
      expect(answer.message).toBe('Revenue report has been verified and marked for payment collection.');
      expect(answer.report).toMatchObject({
        verified: true,
        status: 'verified',
        verifiedAt: '2030-03-04T10:00:00.000Z',
      });
      clock.advance(DAY);
      const again = AdminReportActionResponseSchema.parse(await (await revenue.verify(reportId)).json());
      expect(again.report.verifiedAt).toBe('2030-03-04T10:00:00.000Z');
    });

    it.each([
      ['zero', 0, REVENUE_ADMIN_MESSAGES.amountPositive],
      ['a fraction of a cent', 10.25, REVENUE_ADMIN_MESSAGES.amountWhole],
      ['text', '100', REVENUE_ADMIN_MESSAGES.amountWhole],
      ['nothing', undefined, REVENUE_ADMIN_MESSAGES.amountWhole],
    ])('refuses %s as an amount', async (_case, amount, message) => {
      const response = await revenue.markPaid(reportId, amount);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message });
    });

    it('records partial payments, refuses more than is owed, and is paid when fully paid', async () => {
      const partial = await revenue.markPaid(reportId, 40_000);
      expect(partial.status).toBe(200);
      const afterPartial = AdminReportActionResponseSchema.parse(await partial.json());
      expect(afterPartial.message).toBe('$400.00 recorded');
      expect(afterPartial.report).toMatchObject({
        amountPaid: 40_000,
        amountDue: 60_000,
        sharePaid: false,
        status: 'verified',
      });

      const over = await revenue.markPaid(reportId, 60_001);
      expect(over.status).toBe(400);
      expect(await over.json()).toMatchObject({
        message: 'The amount is more than the $600.00 still owed on this report',
      });
      expect(await reportOf(reportId)).toMatchObject({ amountPaid: 40_000 });

      const rest = AdminReportActionResponseSchema.parse(
        await (await revenue.markPaid(reportId, 60_000)).json(),
      );
      expect(rest.report).toMatchObject({
        amountPaid: 100_000,
        amountDue: 0,
        sharePaid: true,
        status: 'paid',
        sharePaidAt: '2030-03-05T10:00:00.000Z',
      });
      const twice = await revenue.markPaid(reportId, 1);
      expect(twice.status).toBe(400);
      expect(await twice.json()).toMatchObject({ message: REVENUE_ADMIN_MESSAGES.alreadyPaid });
    });

    it('settles a share of $0.00 as it is verified', async () => {
      const id = await revenue.acceptedReport(
        owner,
        reportBody('2030-03-01', '2030-03-04', { gross: 50_000 }),
      );
      const verified = AdminReportActionResponseSchema.parse(await (await revenue.verify(id)).json());
      expect(verified.report).toMatchObject({ shareOwed: 0, sharePaid: true, status: 'paid' });
    });
  });

  describe('reminders from the admin', () => {
    const remind = (body: unknown) => revenue.requestAs(support, '/api/admin/send-reminder', json(body));
    const adminReminders = async (kind: string) =>
      (await revenue.events('revenue.reminder.requested')).filter(
        (event) => event.data.userId === other.userId && event.data.kind === kind,
      );

    it('refuses a bad request, an unknown customer, and a payment reminder with nothing to pay', async () => {
      const bad = await remind({ customerId: owner.userId, reminderType: 'sms' });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ message: REVENUE_ADMIN_MESSAGES.reminderType });
      const missing = await remind({ reminderType: 'report' });
      expect(await missing.json()).toMatchObject({ message: REVENUE_ADMIN_MESSAGES.customerIdRequired });
      const unknown = await remind({ customerId: randomUUID(), reminderType: 'report' });
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ message: REVENUE_ADMIN_MESSAGES.customerNotFound });
      const nothing = await remind({ customerId: other.userId, reminderType: 'payment' });
      expect(nothing.status).toBe(400);
      expect(await nothing.json()).toMatchObject({ message: REVENUE_ADMIN_MESSAGES.nothingToPay });
    });

    it('refuses a report reminder while no month to report has ended, naming the next one', async () => {
      clock.set('2030-03-20T08:00:00.000Z');
      const before = (await adminReminders('report-admin')).length;
      const response = await remind({ customerId: other.userId, reminderType: 'report' });
      expect(response.status).toBe(400);
      const message = 'No report is due yet: the next month to report is March 2030, due once it has ended';
      expect(await response.json()).toMatchObject({ message, issues: [{ path: 'reminderType', message }] });
      expect(await adminReminders('report-admin')).toHaveLength(before);
    });

    it('always sends a report reminder once a month has ended unreported, naming it, and records each', async () => {
      clock.set('2030-04-02T08:00:00.000Z');
      for (let time = 0; time < 2; time += 1) {
        const response = await remind({ customerId: other.userId, reminderType: 'report' });
        expect(response.status).toBe(200);
        const answer = SendReminderResponseSchema.parse(await response.json());
        expect(answer).toMatchObject({
          message: 'Revenue report reminder sent',
          reminder: { customerId: other.userId, reminderType: 'report', sentAt: '2030-04-02T08:00:00.000Z' },
        });
      }
      const sent = await adminReminders('report-admin');
      expect(sent).toHaveLength(2);
      expect(sent[0]!.data).toMatchObject({
        email: other.email,
        kind: 'report-admin',
        trigger: 'admin',
        months: [{ periodStart: '2030-03-01', periodEnd: '2030-03-31' }],
        shares: [],
      });
    });

    it('names the late months once reports are missing', async () => {
      clock.set('2030-05-12T08:00:00.000Z');
      await remind({ customerId: other.userId, reminderType: 'report' });
      // The reminders job may run too as the clock moves: look at the admin's reminders only.
      const [last] = (await adminReminders('report-admin')).slice(-1);
      expect(last!.data.months).toEqual([
        { periodStart: '2030-03-01', periodEnd: '2030-03-31' },
        { periodStart: '2030-04-01', periodEnd: '2030-04-30' },
      ]);
      clock.set('2030-04-02T08:00:00.000Z');
    });

    it('sends a payment reminder listing the verified shares still owed', async () => {
      const id = await revenue.acceptedReport(
        other,
        reportBody('2030-03-01', '2030-03-31', { gross: 300_000 }),
      );
      await revenue.verify(id);
      const response = await remind({ customerId: other.userId, reminderType: 'payment' });
      expect(SendReminderResponseSchema.parse(await response.json()).message).toBe('Payment reminder sent');
      const [last] = (await adminReminders('payment-admin')).slice(-1);
      expect(last!.data).toMatchObject({
        kind: 'payment-admin',
        months: [],
        shares: [
          {
            reportId: id,
            periodStart: '2030-03-01',
            periodEnd: '2030-03-31',
            amountDue: 30_000,
            dueDate: '2030-05-02T08:00:00.000Z',
          },
        ],
      });
    });
  });

  describe('the stats', () => {
    const stats = async () =>
      RevenueStatsSchema.parse(await (await revenue.requestAs(support, '/api/admin/revenue-stats')).json());

    it('counts owners, what is owed and what was collected', async () => {
      expect(await stats()).toMatchObject({
        totalRevenueShareCustomers: 2,
        // Only `other`'s March share (30,000) is still owed; the owner's was paid in full.
        totalRevenueOwed: 30_000,
        totalRevenuePaid: 100_000,
      });
    });

    it('counts membership subscribers and their monthly recurring revenue from payment events', async () => {
      const publishedAt = clock.now().toISOString();
      await revenue.deliver('course.catalogue.published', {
        publishedAt,
        products: [
          { id: 'restaurant-management-course', name: 'Course', price: 69_700, courseId: 1 },
          {
            id: 'membership-monthly',
            name: 'Monthly',
            price: 2_999,
            courseId: 1,
            interval: 'month',
            intervalCount: 1,
          },
          {
            id: 'membership-quarterly',
            name: 'Quarterly',
            price: 7_999,
            courseId: 1,
            interval: 'month',
            intervalCount: 3,
          },
          {
            id: 'membership-annual',
            name: 'Annual',
            price: 29_999,
            courseId: 1,
            interval: 'year',
            intervalCount: 1,
          },
        ],
      });
      const paid = async (
        productId: string,
        unitPrice: number,
        provider: 'stripe' | 'test',
        email: string,
      ) => {
        const orderId = randomUUID();
        await revenue.deliver('payment.order.paid', {
          orderId,
          provider,
          email,
          firstName: 'A',
          lastName: 'B',
          total: unitPrice,
          currency: 'USD',
          lines: [{ productId, name: productId, unitPrice, quantity: 1 }],
          courseIds: [1],
          paidAt: clock.now().toISOString(),
        });
        return orderId;
      };
      await paid('membership-monthly', 2_999, 'stripe', 'monthly@example.com');
      await paid('membership-quarterly', 7_999, 'stripe', 'quarterly@example.com');
      const annual = await paid('membership-annual', 29_999, 'stripe', 'annual@example.com');
      await paid('restaurant-management-course', 69_700, 'stripe', 'course@example.com');
      const oneOff = await paid('membership-monthly', 2_999, 'test', 'once@example.com');
      // 2,999 + 7,999 / 3 + 29,999 / 12 + 2,999 = 2,999 + 2,666.33 + 2,499.92 + 2,999 = 11,164.25 → 11,164.
      expect(await stats()).toMatchObject({ totalMonthlyCustomers: 4, monthlyRecurringRevenue: 11_164 });

      await revenue.deliver('payment.subscription.ended', {
        orderId: annual,
        email: 'annual@example.com',
        courseIds: [1],
        subscriptionId: 'sub_123',
        reason: 'cancellation_requested',
        endedAt: clock.now().toISOString(),
      });
      expect(await stats()).toMatchObject({ totalMonthlyCustomers: 3, monthlyRecurringRevenue: 8_664 });

      // The test provider took one payment: it counts for its month only.
      clock.advance(32 * DAY);
      expect(await stats()).toMatchObject({ totalMonthlyCustomers: 2, monthlyRecurringRevenue: 5_665 });
      await revenue.deliver('payment.order.refunded', {
        orderId: oneOff,
        email: 'once@example.com',
        firstName: 'A',
        amount: 2_999,
        currency: 'USD',
        courseIds: [1],
        refundedAt: clock.now().toISOString(),
      });
      const refunded = randomUUID();
      // A refund that overtakes its payment: the late payment never counts.
      await revenue.deliver('payment.order.refunded', {
        orderId: refunded,
        email: 'late@example.com',
        firstName: 'A',
        amount: 2_999,
        currency: 'USD',
        courseIds: [1],
        refundedAt: clock.now().toISOString(),
      });
      await revenue.deliver('payment.order.paid', {
        orderId: refunded,
        provider: 'stripe',
        email: 'late@example.com',
        firstName: 'A',
        lastName: 'B',
        total: 2_999,
        currency: 'USD',
        lines: [{ productId: 'membership-monthly', name: 'Monthly', unitPrice: 2_999, quantity: 1 }],
        courseIds: [1],
        paidAt: clock.now().toISOString(),
      });
      expect(await stats()).toMatchObject({ totalMonthlyCustomers: 2, monthlyRecurringRevenue: 5_665 });
    });
  });
});

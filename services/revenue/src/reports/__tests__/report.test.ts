/**
 * `POST /api/revenue-report` and `GET /api/revenue-reports` on the real service: every message of the form
 * (docs/behaviour/revenue-share.md#monthly-revenue-report), the
 * period rules (order, future, length, overlap, duplicate), the share computed by the server with and
 * without a baseline and its rounding (whatever the browser sends), the due date, and who may call.
 */
import { describe, expect, it } from '@jest/globals';
import {
  REVENUE_REPORT_MESSAGES,
  SubmitRevenueReportResponseSchema,
  TEXT_CHARACTERS_MESSAGE,
} from '@platform/contracts';
import { admin, backings, json, reportBody, user, useClockedOwner } from '../../__tests__/harness.js';

/** Every owner here agreed long enough ago to report from January 2030. */
const AGREED = '2029-12-01';

describe.each(backings())('monthly revenue reports on $name', (factory) => {
  const { revenue, clock, owner } = useClockedOwner(factory, { agreedAt: AGREED }, {}, async () => {
    clock.set('2030-06-15T09:30:00.000Z');
  });

  const valid = reportBody('2030-02-01', '2030-02-28', { gross: 1_000_000, expenses: 250_000 });

  describe('the form’s rules, each with its message', () => {
    const without = (field: string) => {
      const body = { ...valid };
      delete body[field];
      return body;
    };
    it.each([
      ['no start date', without('reportingPeriodStart'), REVENUE_REPORT_MESSAGES.startRequired],
      ['an empty start date', { ...valid, reportingPeriodStart: '' }, REVENUE_REPORT_MESSAGES.startRequired],
      [
        'a start that is not a date',
        { ...valid, reportingPeriodStart: '2030-02-30' },
        REVENUE_REPORT_MESSAGES.startInvalid,
      ],
      ['no end date', without('reportingPeriodEnd'), REVENUE_REPORT_MESSAGES.endRequired],
      [
        'an end that is not a date',
        { ...valid, reportingPeriodEnd: 'Feb 28' },
        REVENUE_REPORT_MESSAGES.endInvalid,
      ],
      ['no gross revenue', without('grossRevenue'), REVENUE_REPORT_MESSAGES.grossRequired],
      ['gross revenue as text', { ...valid, grossRevenue: '1000' }, REVENUE_REPORT_MESSAGES.grossRequired],
      ['a negative gross revenue', { ...valid, grossRevenue: -1 }, REVENUE_REPORT_MESSAGES.grossPositive],
      ['gross in fractions of a cent', { ...valid, grossRevenue: 10.5 }, REVENUE_REPORT_MESSAGES.grossWhole],
      ['negative expenses', { ...valid, businessExpenses: -5 }, REVENUE_REPORT_MESSAGES.expensesPositive],
      ['no net revenue', without('netRevenue'), REVENUE_REPORT_MESSAGES.netRequired],
      ['a negative net revenue', { ...valid, netRevenue: -100 }, REVENUE_REPORT_MESSAGES.netPositive],
      [
        'a net that is not gross − expenses',
        { ...valid, netRevenue: 999 },
        REVENUE_REPORT_MESSAGES.netMismatch,
      ],
      ['notes too long', { ...valid, notes: 'x'.repeat(2001) }, REVENUE_REPORT_MESSAGES.notesTooLong],
      ['notes with a NUL byte', { ...valid, notes: 'ok\u0000' }, TEXT_CHARACTERS_MESSAGE],
      [
        'a period that ends before it starts',
        { ...valid, reportingPeriodStart: '2030-03-01', reportingPeriodEnd: '2030-02-01' },
        REVENUE_REPORT_MESSAGES.endBeforeStart,
      ],
      [
        'a period longer than a month',
        { ...valid, reportingPeriodStart: '2030-01-01', reportingPeriodEnd: '2030-02-28' },
        REVENUE_REPORT_MESSAGES.tooLong,
      ],
      [
        'a period that ends in the future',
        { ...valid, reportingPeriodStart: '2030-06-01', reportingPeriodEnd: '2030-06-16' },
        REVENUE_REPORT_MESSAGES.endInFuture,
      ],
      [
        'a period that ends today (its last day is not over)',
        { ...valid, reportingPeriodStart: '2030-06-01', reportingPeriodEnd: '2030-06-15' },
        REVENUE_REPORT_MESSAGES.endInFuture,
      ],
    ])('refuses %s', async (_case, body, message) => {
      const { status, body: answer } = await revenue.submitReport(owner, body);
      expect(status).toBe(400);
      expect(answer).toMatchObject({ message });
    });

    it('keeps the first message in the form’s order', async () => {
      const { status, body } = await revenue.submitReport(owner, {});
      expect(status).toBe(400);
      expect(body.message).toBe(REVENUE_REPORT_MESSAGES.startRequired);
      expect((body.issues as Array<{ message: string }>).map((issue) => issue.message)).toEqual([
        REVENUE_REPORT_MESSAGES.startRequired,
        REVENUE_REPORT_MESSAGES.endRequired,
        REVENUE_REPORT_MESSAGES.grossRequired,
        REVENUE_REPORT_MESSAGES.netRequired,
      ]);
    });

    it('takes a period that ended yesterday', async () => {
      const other = await revenue.ownerAgreedOn(AGREED);
      const { status } = await revenue.submitReport(other, reportBody('2030-06-01', '2030-06-14'));
      expect(status).toBe(200);
    });
  });

  describe('the share, computed by the server', () => {
    it('is 10% of the net revenue without a baseline, whatever the browser says', async () => {
      const plain = await revenue.ownerAgreedOn(AGREED);
      const { status, body } = await revenue.submitReport(plain, {
        ...reportBody('2030-03-01', '2030-03-31', { gross: 2_000_000, expenses: 765_433 }),
        shareOwed: 1,
        sharePercentage: 99,
      });
      expect(status).toBe(200);
      const { report, message } = SubmitRevenueReportResponseSchema.parse(body);
      // net 1,234,567 cents × 10 % = 123,456.7 → 123,457 (half up).
      expect(report).toMatchObject({
        grossRevenue: 2_000_000,
        businessExpenses: 765_433,
        netRevenue: 1_234_567,
        baselineNetRevenue: 0,
        revenueIncrease: 1_234_567,
        sharePercentage: 10,
        shareOwed: 123_457,
        amountPaid: 0,
        amountDue: 123_457,
        status: 'submitted',
        verified: false,
        sharePaid: false,
        createdAt: '2030-06-15T09:30:00.000Z',
        dueDate: '2030-07-15T09:30:00.000Z',
      });
      expect(message).toBe('Your report has been submitted. 10% share: $1,234.57');
    });

    it('is 10% of the increase over the baseline, and nothing below it', async () => {
      const withBaseline = await revenue.ownerAgreedOn(AGREED, 800_000);
      const above = await revenue.submitReport(
        withBaseline,
        reportBody('2030-03-01', '2030-03-31', { gross: 800_015 }),
      );
      // increase 15 cents → 1.5 → 2 cents (half up).
      expect(above.body.report).toMatchObject({
        baselineNetRevenue: 800_000,
        revenueIncrease: 15,
        shareOwed: 2,
      });
      const edge = await revenue.submitReport(
        withBaseline,
        reportBody('2030-04-01', '2030-04-30', { gross: 800_004 }),
      );
      // increase 4 cents → 0.4 → 0.
      expect(edge.body.report).toMatchObject({ revenueIncrease: 4, shareOwed: 0 });
      const below = await revenue.submitReport(
        withBaseline,
        reportBody('2030-05-01', '2030-05-31', { gross: 500_000 }),
      );
      expect(below.body.report).toMatchObject({ revenueIncrease: 0, shareOwed: 0 });
      expect(below.body.message).toBe('Your report has been submitted. 10% share: $0.00');
    });

    it('counts a loss month as 0 net', async () => {
      const losing = await revenue.ownerAgreedOn(AGREED);
      const { status, body } = await revenue.submitReport(
        losing,
        reportBody('2030-03-01', '2030-03-31', { gross: 100_000, expenses: 300_000 }),
      );
      expect(status).toBe(200);
      expect(body.report).toMatchObject({ netRevenue: 0, shareOwed: 0 });
    });
  });

  describe('one report per owner and period', () => {
    it('refuses the same period twice, and any overlap, naming the earlier report', async () => {
      const careful = await revenue.ownerAgreedOn(AGREED);
      expect((await revenue.submitReport(careful, reportBody('2030-04-01', '2030-04-30'))).status).toBe(200);
      const message =
        'You already reported revenue for 2030-04-01 to 2030-04-30; a report cannot cover the same days twice';
      for (const [start, end] of [
        ['2030-04-01', '2030-04-30'],
        ['2030-04-30', '2030-05-15'],
        ['2030-03-20', '2030-04-01'],
        ['2030-04-10', '2030-04-12'],
      ] as const) {
        const { status, body } = await revenue.submitReport(careful, reportBody(start, end));
        expect({ start, end, status, message: body.message }).toEqual({ start, end, status: 400, message });
      }
      // Next to it, not over it: taken.
      expect((await revenue.submitReport(careful, reportBody('2030-05-01', '2030-05-31'))).status).toBe(200);
      // Another owner's report of the same month does not stand in the way.
      const neighbour = await revenue.ownerAgreedOn(AGREED);
      expect((await revenue.submitReport(neighbour, reportBody('2030-04-01', '2030-04-30'))).status).toBe(
        200,
      );
    });
  });

  describe('who may call', () => {
    it('refuses visitors (401) and accounts without the plan (403)', async () => {
      expect((await revenue.request('/api/revenue-report', json(valid))).status).toBe(401);
      expect((await revenue.request('/api/revenue-reports')).status).toBe(401);
      const free = user();
      const refused = await revenue.requestAs(free, '/api/revenue-report', json(valid));
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ message: REVENUE_REPORT_MESSAGES.notOnPlan });
      const empty = await revenue.requestAs(free, '/api/revenue-reports');
      expect(empty.status).toBe(200);
      expect(await empty.json()).toEqual({ plan: null, reports: [] });
    });

    it('lists only the caller’s own reports, newest period first', async () => {
      const mine = await revenue.ownerAgreedOn(AGREED);
      const theirs = await revenue.ownerAgreedOn(AGREED);
      await revenue.submitReport(mine, reportBody('2030-02-01', '2030-02-28'));
      await revenue.submitReport(mine, reportBody('2030-03-01', '2030-03-31'));
      await revenue.submitReport(theirs, reportBody('2030-03-01', '2030-03-31', { gross: 5 }));
      const list = await revenue.myReports(mine);
      expect(list.reports.map((report) => report.reportingPeriodStart)).toEqual(['2030-03-01', '2030-02-01']);
      expect(list.reports.every((report) => report.grossRevenue === 1_000_000)).toBe(true);
      expect(list.plan?.amountOwed).toBe(200_000);

      // An admin without a plan of their own sees no one's reports here either.
      const adminList = await revenue.requestAs(admin(), '/api/revenue-reports');
      expect(await adminList.json()).toEqual({ plan: null, reports: [] });
    });
  });
});

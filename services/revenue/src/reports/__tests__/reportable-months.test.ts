/**
 * Which months an owner reports and owes (docs/decisions.md, 66;
 * docs/behaviour/revenue-share.md#which-months-are-reported) on the real service: nothing before the
 * first whole month after the 30-day implementation period, nor a period that has not ended; the plan,
 * the reminders and the admin's Send Reminder name only months that are due; the admin's agreement date
 * for owners who joined before the platform; reports stored against the rule flagged for the admin.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  REVENUE_ADMIN_MESSAGES,
  REVENUE_REPORT_MESSAGES,
  SetAgreementDateResponseSchema,
  TEXT_CHARACTERS_MESSAGE,
} from '@platform/contracts';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { agreementDateChanges } from '../../db/schema.js';
import { REMINDERS_JOB } from '../../jobs.js';
import { expectAdminChange } from '../../__tests__/admin-changes.js';
import { backings, json, user, type UserCaller, useClockedRevenue } from '../../__tests__/harness.js';
import { insertReport } from '../reports.repository.js';

const FROM_JANUARY =
  'You can report from January 2027, the first whole month after your 30-day implementation period';

describe.each(backings())('the months an owner reports on $name', (factory) => {
  // The issue's owner agreed on November 29, 2026, in the morning.
  const { revenue, clock, support } = useClockedRevenue(factory, {
    quiet: true,
    at: '2026-11-29T10:00:00.000Z',
  });

  const customerOf = async (owner: UserCaller) =>
    (await revenue.customers()).find((c) => c.id === owner.userId)!;
  const setAgreementDate = (caller: UserCaller, customerId: string, body: unknown) =>
    revenue.requestAs(caller, `/api/admin/revenue-customers/${customerId}/agreement-date`, json(body));
  const remind = (owner: UserCaller) =>
    revenue.requestAs(
      support,
      '/api/admin/send-reminder',
      json({ customerId: owner.userId, reminderType: 'report' }),
    );
  const reminders = async (owner: UserCaller, kind: string) =>
    (await revenue.remindersOf(owner))
      .filter((reminder) => reminder.kind === kind)
      .map((reminder) => reminder.months);
  /** An owner like the issue's: consented on November 29, 2026, in the morning. */
  const joinedOn29November = async () => {
    clock.set('2026-11-29T10:00:00.000Z');
    const owner = user();
    await revenue.consent(owner);
    return owner;
  };
  const runReminders = async () => {
    expect(await revenue.service.jobs.runNow(REMINDERS_JOB)).toMatchObject({ ran: true, ok: true });
  };

  describe('an owner who joined on November 29, 2026', () => {
    let owner: UserCaller;

    beforeAll(async () => {
      owner = await joinedOn29November();
    });

    it('reports from January 2027: the plan says so, and names January as the next report', async () => {
      const { plan } = await revenue.myReports(owner);
      expect(plan).toMatchObject({
        consentedAt: '2026-11-29T10:00:00.000Z',
        implementationEndsAt: '2026-12-29T10:00:00.000Z',
        firstReportableMonth: '2027-01-01',
        amountOwed: 0,
        nextReport: {
          periodStart: '2027-01-01',
          periodEnd: '2027-01-31',
          lateAfter: '2027-02-11T00:00:00.000Z',
        },
      });
    });

    it('cannot report or owe October, November or December 2026, whole or in part', async () => {
      clock.set('2026-11-30T09:00:00.000Z');
      for (const [start, end] of [
        ['2026-10-01', '2026-10-31'],
        ['2026-11-01', '2026-11-29'],
      ] as const) {
        const { status, body } = await revenue.reportPeriod(owner, start, end, { gross: 1_500_000 });
        expect({ start, status, body }).toEqual({
          start,
          status: 400,
          body: { message: FROM_JANUARY, issues: [{ path: 'reportingPeriodStart', message: FROM_JANUARY }] },
        });
      }
      clock.set('2027-01-20T09:00:00.000Z');
      for (const [start, end] of [
        ['2026-12-01', '2026-12-31'],
        // The last days of the risk-free period with the first of January.
        ['2026-12-29', '2027-01-15'],
      ] as const) {
        const { status, body } = await revenue.reportPeriod(owner, start, end);
        expect({ start, status, message: body.message }).toEqual({
          start,
          status: 400,
          message: FROM_JANUARY,
        });
      }
      expect(await revenue.myReports(owner)).toMatchObject({ reports: [], plan: { amountOwed: 0 } });
    });

    it('cannot report January before its last day is over, and can from February 1 (UTC)', async () => {
      clock.set('2027-01-31T23:59:59.000Z');
      const early = await revenue.reportPeriod(owner, '2027-01-01', '2027-01-31');
      expect(early).toMatchObject({ status: 400, body: { message: REVENUE_REPORT_MESSAGES.endInFuture } });
      clock.set('2027-02-01T00:00:01.000Z');
      const taken = await revenue.reportPeriod(owner, '2027-01-01', '2027-01-31');
      expect(taken.status).toBe(200);
      expect((await revenue.myReports(owner)).plan?.nextReport?.periodStart).toBe('2027-02-01');
    });
  });

  describe('reminders name only months that are due', () => {
    let owner: UserCaller;

    beforeAll(async () => {
      owner = await joinedOn29November();
    });

    it('sends no report reminder for the months before January 2027, then one for January', async () => {
      clock.set('2026-12-01T08:00:00.000Z');
      await runReminders();
      clock.set('2027-01-01T08:00:00.000Z');
      await runReminders();
      expect(await reminders(owner, 'report-due')).toEqual([]);
      clock.set('2027-02-01T08:00:00.000Z');
      await runReminders();
      expect(await reminders(owner, 'report-due')).toEqual([
        [{ periodStart: '2027-01-01', periodEnd: '2027-01-31' }],
      ]);
    });

    it('refuses the admin’s report reminder while no month has ended unreported, saying so', async () => {
      clock.set('2027-01-15T08:00:00.000Z');
      const refused = await remind(owner);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        message: 'No report is due yet: the next month to report is January 2027, due once it has ended',
      });
      expect(await reminders(owner, 'report-admin')).toEqual([]);
      clock.set('2027-02-02T08:00:00.000Z');
      expect((await remind(owner)).status).toBe(200);
      expect(await reminders(owner, 'report-admin')).toEqual([
        [{ periodStart: '2027-01-01', periodEnd: '2027-01-31' }],
      ]);
    });
  });

  describe('the agreement date the admin records', () => {
    let owner: UserCaller;

    beforeAll(async () => {
      owner = await joinedOn29November();
    });

    it.each([
      ['no date', { reason: 'Paper agreement' }, REVENUE_ADMIN_MESSAGES.agreedAtRequired],
      [
        'a date that is not one',
        { agreedAt: '2026-02-30', reason: 'x' },
        REVENUE_ADMIN_MESSAGES.agreedAtInvalid,
      ],
      [
        'a date before 2000',
        { agreedAt: '1999-12-31', reason: 'x' },
        REVENUE_ADMIN_MESSAGES.agreedAtTooEarly,
      ],
      ['tomorrow', { agreedAt: '2026-11-30', reason: 'x' }, REVENUE_ADMIN_MESSAGES.agreedAtInFuture],
      ['no reason', { agreedAt: '2026-08-15' }, REVENUE_ADMIN_MESSAGES.agreementReasonRequired],
      [
        'a blank reason',
        { agreedAt: '2026-08-15', reason: '   ' },
        REVENUE_ADMIN_MESSAGES.agreementReasonRequired,
      ],
      ['a reason with a NUL byte', { agreedAt: '2026-08-15', reason: 'a\u0000' }, TEXT_CHARACTERS_MESSAGE],
    ])('refuses %s (400) and changes nothing', async (_case, body, message) => {
      clock.set('2026-11-29T12:00:00.000Z');
      const response = await setAgreementDate(support, owner.userId, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message, issues: [{ message }] });
      expect(await customerOf(owner)).toMatchObject({
        agreedAt: '2026-11-29',
        implementationEndsAt: '2026-12-29T10:00:00.000Z',
      });
    });

    it('refuses the date the plan already starts from', async () => {
      // The consent started the period at 10:00: today's date, from midnight, is a change; then it is not.
      const body = { agreedAt: '2026-11-29', reason: 'Signed on the day they joined' };
      expect((await setAgreementDate(support, owner.userId, body)).status).toBe(200);
      const again = await setAgreementDate(support, owner.userId, body);
      expect(again.status).toBe(400);
      expect(await again.json()).toMatchObject({ message: 'The agreement date is already 2026-11-29' });
    });

    it('answers 404 for an unknown customer and 403 for anyone but the admin', async () => {
      const unknown = await setAgreementDate(support, randomUUID(), { agreedAt: '2026-08-15', reason: 'x' });
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ message: REVENUE_ADMIN_MESSAGES.customerNotFound });
      const self = await setAgreementDate(owner, owner.userId, { agreedAt: '2026-08-15', reason: 'x' });
      expect(self.status).toBe(403);
      expect((await customerOf(owner)).agreedAt).toBe('2026-11-29');
    });

    it('is kept with who and why, and the months to report follow from it', async () => {
      clock.set('2026-11-30T09:00:00.000Z');
      const response = await setAgreementDate(support, owner.userId, {
        agreedAt: '2026-08-15',
        reason: ' Signed the paper agreement in August ',
      });
      const answer = await expectAdminChange(
        response,
        SetAgreementDateResponseSchema,
        'Reports are due from October 2026.',
        {
          customerId: owner.userId,
          oldAgreedAt: '2026-11-29',
          newAgreedAt: '2026-08-15',
          reason: 'Signed the paper agreement in August',
          changedBy: support.userId,
          changedAt: '2026-11-30T09:00:00.000Z',
        },
      );
      expect(answer.customer).toMatchObject({
        createdAt: '2026-11-29T10:00:00.000Z',
        agreedAt: '2026-08-15',
        implementationEndsAt: '2026-09-14T00:00:00.000Z',
        firstReportableMonth: '2026-10-01',
        // October ended more than 10 days ago without a report.
        status: 'overdue',
        missingReports: ['2026-10'],
      });
      const rows = await revenue.service.deps.db
        .select()
        .from(agreementDateChanges)
        .where(eq(agreementDateChanges.userId, owner.userId));
      expect(rows.map((row) => [row.newAgreedAt, row.changedBy])).toEqual([
        ['2026-11-29', support.userId],
        ['2026-08-15', support.userId],
      ]);
      // The standing is announced to auth at once.
      const statuses = (await revenue.events('revenue.customer.status-changed')).filter(
        (event) => event.data.userId === owner.userId,
      );
      expect(statuses.at(-1)?.data).toMatchObject({ status: 'overdue' });

      // The back-dated owner reports their first month after the risk-free period, not the one before.
      const september = await revenue.reportPeriod(owner, '2026-09-01', '2026-09-30');
      expect(september.body.message).toBe(
        'You can report from October 2026, the first whole month after your 30-day implementation period',
      );
      const october = await revenue.reportPeriod(owner, '2026-10-01', '2026-10-31');
      expect(october.status).toBe(200);
      expect((await customerOf(owner)).status).toBe('current');
    });

    it('flags the reports a later agreement date puts before the first month, and keeps them', async () => {
      const response = await setAgreementDate(support, owner.userId, {
        agreedAt: '2026-09-20',
        reason: 'The August date was the draft; the owner signed in September',
      });
      expect(response.status).toBe(200);
      expect(SetAgreementDateResponseSchema.parse(await response.json()).customer).toMatchObject({
        firstReportableMonth: '2026-11-01',
        reportsSubmitted: 1,
        flaggedReports: 1,
      });
      const [october] = (await revenue.adminReports()).filter((report) => report.userId === owner.userId);
      expect(october).toMatchObject({ reportingPeriodStart: '2026-10-01', periodFlag: 'before-first-month' });
    });
  });

  describe('reports stored before the rule', () => {
    it('are flagged for the admin in the lists and the CSV, not kept silently nor deleted', async () => {
      const owner = await joinedOn29November();
      const { plan } = await revenue.myReports(owner);
      // As the service stored them before it refused such periods: October 2026 (before the first month
      // to report) and a January 2027 reported on January 20 (before it ended).
      const stored = async (start: string, end: string, createdAt: string) =>
        insertReport(revenue.service.deps.db, {
          id: randomUUID(),
          paymentPlanId: plan!.id,
          userId: owner.userId,
          reportingPeriodStart: start,
          reportingPeriodEnd: end,
          grossRevenue: 1_500_000,
          businessExpenses: 0,
          netRevenue: 1_500_000,
          baselineNetRevenue: 0,
          revenueIncrease: 1_500_000,
          shareOwed: 150_000,
          dueDate: new Date(Date.parse(createdAt) + 30 * 86_400_000),
          createdAt: new Date(createdAt),
          updatedAt: new Date(createdAt),
        });
      const october = await stored('2026-10-01', '2026-10-31', '2026-11-30T09:00:00.000Z');
      const january = await stored('2027-01-01', '2027-01-31', '2027-01-20T09:00:00.000Z');
      clock.set('2027-01-25T09:00:00.000Z');

      const flags = (await revenue.adminReports())
        .filter((report) => report.userId === owner.userId)
        .map((report) => [report.id, report.periodFlag]);
      expect(flags.sort()).toEqual(
        [
          [october.id, 'before-first-month'],
          [january.id, 'not-ended-when-reported'],
        ].sort(),
      );
      expect(await customerOf(owner)).toMatchObject({ reportsSubmitted: 2, flaggedReports: 2 });
      expect((await revenue.myReports(owner)).reports).toHaveLength(2);

      const csv = await revenue.requestAs(support, '/api/admin/revenue-reports.csv');
      const rows = parse(await csv.text(), { bom: true, columns: true }) as Array<Record<string, string>>;
      expect(
        rows
          .filter((row) => row['Report ID'] === october.id || row['Report ID'] === january.id)
          .map((row) => row['Period flag'])
          .sort(),
      ).toEqual(['Before first reportable month', 'Reported before the period ended']);
    });
  });
});

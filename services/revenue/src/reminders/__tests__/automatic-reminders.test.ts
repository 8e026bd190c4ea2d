/**
 * The automatic reminders on the real service, driven by a settable clock: the consultation nudges
 * (24 h, 72 h, 7 days after consent, only while the consultation is not submitted) and the reminder ladder
 * (docs/behaviour/revenue-share.md#the-reminder-ladder): report reminders 3 days before the month ends,
 * when it ends and 3, 7 and 14 days after, payment reminders 3 days before the due date, on it and 3, 7
 * and 14 days after, none once the report or the payment arrives; each at most once, also with two
 * replicas running the job on one PostgreSQL database.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { ReminderLadderSchema } from '@platform/contracts';
import { DAY, HOUR } from '@platform/service-kit/clock';
import {
  admin,
  backings,
  consent,
  interleave,
  paidShareOrder,
  reportBody,
  submitReport,
  user,
  type UserCaller,
  statusChanged,
  useClockedRevenue,
  verifiedShareIn,
  withReplica,
} from '../../__tests__/harness.js';
import { recordOnlineSharePayment } from '../../payments/record-online-payment.js';
import { REMINDERS_JOB } from '../../jobs.js';
import { sendDueReminders } from '../send-due-reminders.js';

describe.each(backings())('automatic reminders on $name', (factory) => {
  let owner: UserCaller;

  const { revenue, clock } = useClockedRevenue(factory, { quiet: true }, async () => {
    owner = user();
    await consent(revenue, owner);
    await statusChanged(
      revenue,
      owner,
      { planStatus: 'rs_pending', consultationStatus: 'in_progress' },
      { firstName: 'Ines', lastName: 'Ortega' },
    );
  });

  const kinds = async (who: UserCaller) => (await revenue.remindersOf(who)).map((reminder) => reminder.kind);
  const run = async () => {
    expect(await revenue.service.jobs.runNow(REMINDERS_JOB)).toMatchObject({ ran: true, ok: true });
  };

  it('nudges for the consultation at 24 h and 72 h, once each', async () => {
    clock.set('2030-01-06T11:59:59.999Z');
    await run();
    expect(await kinds(owner)).toEqual([]);
    clock.set('2030-01-06T12:00:00.000Z');
    await run();
    await run();
    expect(await revenue.remindersOf(owner)).toEqual([
      expect.objectContaining({
        kind: 'consultation-24h',
        trigger: 'automatic',
        email: owner.email,
        firstName: 'Ines',
        months: [],
        shares: [],
        requestedAt: '2030-01-06T12:00:00.000Z',
      }),
    ]);
    clock.set('2030-01-08T12:00:00.000Z');
    await run();
    await run();
    expect(await kinds(owner)).toEqual(['consultation-24h', 'consultation-72h']);
  });

  it('stops nudging once the consultation is submitted', async () => {
    await revenue.deliver('auth.user.status-changed', {
      userId: owner.userId,
      planStatus: 'rs_active',
      consultationStatus: 'submitted',
      changedAt: clock.now().toISOString(),
    });
    clock.set('2030-01-12T12:00:00.000Z');
    await run();
    expect(await kinds(owner)).toEqual(['consultation-24h', 'consultation-72h']);
  });

  it('sends only the latest nudge to an owner the job first sees late', async () => {
    const late = user();
    await consent(revenue, late);
    clock.set('2030-01-20T12:00:00.000Z');
    await run();
    expect(await kinds(late)).toEqual(['consultation-7d']);
    // The nudges end a week after the last one.
    clock.set('2030-01-26T12:00:00.000Z');
    await run();
    expect(await kinds(late)).toEqual(['consultation-7d']);
  });

  it('walks the report ladder: 3 days before the month ends, when it ends, then 3 and 7 days after', async () => {
    const reportRungs = async () =>
      (await revenue.remindersOf(owner))
        .filter((reminder) => reminder.kind.startsWith('report'))
        .map(({ kind, step, months }) => ({ kind, step, months }));
    const march = [{ periodStart: '2030-03-01', periodEnd: '2030-03-31' }];
    clock.set('2030-03-28T23:59:59.999Z');
    await run();
    expect(await reportRungs()).toEqual([]);
    const ladder = [
      ['2030-03-29T00:00:00.000Z', 'report-upcoming', -3],
      ['2030-04-01T00:00:00.000Z', 'report-due', 0],
      ['2030-04-04T00:00:00.000Z', 'report-due', 3],
      ['2030-04-08T00:00:00.000Z', 'report-due', 7],
    ] as const;
    for (const [at, ,] of ladder) {
      clock.set(at);
      await run();
      await run();
    }
    expect(await reportRungs()).toEqual(ladder.map(([, kind, step]) => ({ kind, step, months: march })));
  });

  it('shows the owner and the admin what was sent and what comes next', async () => {
    const mine = await revenue.requestAs(owner, '/api/revenue-reminders');
    expect(mine.status).toBe(200);
    const ladder = ReminderLadderSchema.parse(await mine.json());
    expect(ladder.sent.map((entry) => entry.label)).toEqual([
      'March 2030 report: due, 7 days after the month ended',
      'March 2030 report: due, 3 days after the month ended',
      'March 2030 report: the month has ended, the report is due',
      'March 2030 report: the month ends in 3 days',
      'Consultation reminder, 3 days after joining',
      'Consultation reminder, 24 hours after joining',
    ]);
    expect(ladder.next[0]).toEqual({
      kind: 'report-overdue',
      trigger: 'automatic',
      step: 14,
      label: 'March 2030 report: 14 days late',
      at: '2030-04-15T00:00:00.000Z',
    });
    expect(ladder.next[1]).toMatchObject({ label: 'April 2030 report: the month ends in 3 days' });

    // Its time has come and the job has not reached it yet: it comes now, not on a day already past.
    clock.set('2030-04-15T06:00:00.000Z');
    const waiting = ReminderLadderSchema.parse(
      await (await revenue.requestAs(owner, '/api/revenue-reminders')).json(),
    );
    expect(waiting.next[0]).toMatchObject({
      label: 'March 2030 report: 14 days late',
      at: '2030-04-15T06:00:00.000Z',
    });
    clock.set('2030-04-08T00:00:00.000Z');

    const theirs = await revenue.requestAs(admin(), `/api/admin/revenue-customers/${owner.userId}/reminders`);
    expect(theirs.status).toBe(200);
    expect(ReminderLadderSchema.parse(await theirs.json())).toEqual(ladder);
    const unknown = await revenue.requestAs(
      admin(),
      `/api/admin/revenue-customers/${randomUUID()}/reminders`,
    );
    expect(unknown.status).toBe(404);
    expect(
      (await revenue.requestAs(owner, `/api/admin/revenue-customers/${owner.userId}/reminders`)).status,
    ).toBe(403);
    const stranger = await revenue.requestAs(user(), '/api/revenue-reminders');
    expect(await stranger.json()).toEqual({ sent: [], next: [] });
  });

  it('reminds of a verified share 3 days before it is due, on the day and after, and stops once paid', async () => {
    clock.set('2030-04-11T00:00:00.001Z');
    const { body } = await submitReport(
      revenue,
      owner,
      reportBody('2030-03-01', '2030-03-31', { gross: 700_000 }),
    );
    const report = body.report as { id: string; dueDate: string };
    expect(report.dueDate).toBe('2030-05-11T00:00:00.001Z');
    // The report arrived: its ladder's last rung (14 days after March) never comes.
    clock.set('2030-04-15T00:00:00.000Z');
    await run();
    expect((await kinds(owner)).filter((kind) => kind === 'report-overdue')).toEqual([]);
    const share = {
      reportId: report.id,
      periodStart: '2030-03-01',
      periodEnd: '2030-03-31',
      amountDue: 70_000,
      dueDate: report.dueDate,
    };
    const payments = async () =>
      (await revenue.remindersOf(owner))
        .filter((reminder) => reminder.kind.startsWith('payment'))
        .map(({ kind, step, shares }) => ({ kind, step, shares }));

    // Not verified yet: nothing to pay.
    clock.set('2030-05-08T00:00:00.001Z');
    await run();
    expect(await payments()).toEqual([]);
    await revenue.verify(report.id);
    await run();
    await run();
    expect(await payments()).toEqual([{ kind: 'payment-upcoming', step: -3, shares: [share] }]);

    clock.set('2030-05-11T00:00:00.000Z');
    await run();
    expect(await payments()).toHaveLength(1);
    clock.set('2030-05-11T00:00:00.001Z');
    await run();
    clock.set('2030-05-14T00:00:00.001Z');
    await run();
    await run();
    expect(await payments()).toEqual([
      { kind: 'payment-upcoming', step: -3, shares: [share] },
      { kind: 'payment-due', step: 0, shares: [share] },
      { kind: 'payment-overdue', step: 3, shares: [share] },
    ]);

    const paid = await revenue.markPaid(report.id, 70_000);
    expect(paid.status).toBe(200);
    clock.set('2030-05-18T00:00:00.001Z');
    await run();
    expect(await payments()).toHaveLength(3);
  });

  // Two replicas need a database server; PGlite belongs to one process, so the PGlite backing has no
  // such test (not a skipped one): CI runs it on PostgreSQL.
  if (factory.name.startsWith('PostgreSQL'))
    it('sends each reminder once with two replicas running at the same time', async () => {
      await withReplica(revenue.backing, clock, async (second) => {
        const fresh: UserCaller[] = [];
        for (let index = 0; index < 5; index += 1) {
          const newcomer = user();
          await consent(revenue, newcomer);
          fresh.push(newcomer);
        }
        clock.advance(25 * HOUR);
        const workers = [revenue.service, second];
        // The job's claim lets one replica run it at a time; the plain function has no claim, so racing it
        // shows the reminders table alone keeps each reminder to one.
        const rounds = await Promise.all([
          ...workers.map((worker) => worker.jobs.runNow(REMINDERS_JOB)),
          ...workers.map((worker) => sendDueReminders(worker.deps)),
          ...workers.map((worker) => sendDueReminders(worker.deps)),
        ]);
        expect(rounds).toHaveLength(6);
        for (const newcomer of fresh) expect(await kinds(newcomer)).toEqual(['consultation-24h']);
        clock.advance(DAY);
        await Promise.all(workers.map((worker) => worker.jobs.runNow(REMINDERS_JOB)));
        for (const newcomer of fresh) expect(await kinds(newcomer)).toEqual(['consultation-24h']);
      });
    });

  // A share paid at the very moment the job decides it is due (the payment's transaction not yet committed
  // when the job reads the owner's reports): the job waits for it and asks for nothing. PostgreSQL only:
  // PGlite runs one transaction at a time, so nothing there can interleave (CI runs it on PostgreSQL).
  if (factory.name.startsWith('PostgreSQL'))
    it('sends no payment reminder for a share paid while the job decides', async () => {
      const share = await verifiedShareIn(revenue, clock, 2046);
      clock.set(new Date(share.due.getTime() + 1).toISOString());
      const { clock: serviceClock, logger } = revenue.service.deps;
      const order = paidShareOrder({
        owner: share.owner,
        reportId: share.reportId,
        total: 100_000,
        paidAt: clock.now(),
      });
      await interleave(
        revenue,
        (tx) => recordOnlineSharePayment(tx, order, { clock: serviceClock, logger }),
        () => sendDueReminders(revenue.service.deps),
      );
      expect((await kinds(share.owner)).filter((kind) => kind.startsWith('payment'))).toEqual([]);
    });

  it('names every missing month in one late-report e-mail, not one e-mail per month', async () => {
    const away = user();
    clock.set('2030-06-01T12:00:00.000Z');
    await consent(revenue, away);
    // August is the first month to report (the 30 days end on July 1, midday); by mid-November August,
    // September and October are late.
    clock.set('2030-11-15T12:00:00.000Z');
    await run();
    await run();
    const late = (await revenue.remindersOf(away)).filter((reminder) => reminder.kind === 'report-overdue');
    expect(late).toEqual([
      expect.objectContaining({
        step: 14,
        months: [
          { periodStart: '2030-08-01', periodEnd: '2030-08-31' },
          { periodStart: '2030-09-01', periodEnd: '2030-09-30' },
          { periodStart: '2030-10-01', periodEnd: '2030-10-31' },
        ],
      }),
    ]);
  });
});

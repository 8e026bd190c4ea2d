/**
 * Disputes on the real revenue service (docs/behaviour/revenue-share.md#disputes): the owner disputes a
 * verified share within 5 days of its verification, once (also with two requests at once); another
 * owner's report is a 404; an open dispute pauses the share's payment reminders, its automatic
 * collection and the e-mails of a decline; the admin rejects it (the share stands and is collected) or
 * accepts it with corrected figures (the share recomputed in cents); both are announced for the e-mails.
 */
import { describe, expect, it } from '@jest/globals';
import type { AdminRevenueReport, MyRevenueReports } from '@platform/contracts';
import { DAY } from '@platform/service-kit/clock';
import {
  admin,
  acceptedReport,
  backings,
  json,
  ownerAgreedOn,
  reportBody,
  user,
  verifiedShareIn,
  type UserCaller,
  useClockedRevenue,
} from '../../__tests__/harness.js';
import { COLLECTION_JOB, REMINDERS_JOB } from '../../jobs.js';

describe.each(backings())('disputes on $name', (factory) => {
  const { revenue, clock } = useClockedRevenue(factory, { quiet: true });

  // Each owner reports in a year of their own, so the suite's clock only moves forward.
  let year = 2030;
  const verifiedShare = () => verifiedShareIn(revenue, clock, (year += 1));

  const dispute = (owner: UserCaller, reportId: string, reason: unknown = 'February had a refund') =>
    revenue.requestAs(owner, `/api/revenue-reports/${reportId}/dispute`, json({ reason }));
  const answer = (
    reportId: string,
    outcome: 'accept' | 'reject',
    body: Record<string, unknown>,
    caller = admin(),
  ) => revenue.requestAs(caller, `/api/admin/revenue-reports/${reportId}/dispute/${outcome}`, json(body));
  const disputeEvents = async (reportId: string) =>
    (await revenue.events('revenue.report.dispute-changed'))
      .map((row) => row.data)
      .filter((event) => event.reportId === reportId);
  const myReport = async (owner: UserCaller, reportId: string) => {
    const body = (await (await revenue.requestAs(owner, '/api/revenue-reports')).json()) as MyRevenueReports;
    return body.reports.find((report) => report.id === reportId)!;
  };
  const adminReport = async (reportId: string) => {
    const body = (await (
      await revenue.requestAs(admin(), '/api/admin/revenue-reports')
    ).json()) as AdminRevenueReport[];
    return body.find((report) => report.id === reportId)!;
  };
  /** Moves the clock to `days` after the due date (and a minute) and runs both jobs. */
  async function runJobsAt(due: Date, days: number) {
    clock.set(new Date(due.getTime() + days * DAY + 60_000).toISOString());
    await revenue.service.jobs.runNow(REMINDERS_JOB);
    await revenue.service.jobs.runNow(COLLECTION_JOB);
  }

  it('lets the owner dispute a verified share once, within 5 days, and shows it on both sides', async () => {
    const { owner, reportId } = await verifiedShare();
    expect((await myReport(owner, reportId)).disputableUntil).toBe(
      new Date(clock.now().getTime() + 5 * DAY).toISOString(),
    );
    expect((await dispute(user(), reportId)).status).toBe(404);
    const blank = await dispute(owner, reportId, '  ');
    expect(blank.status).toBe(400);
    expect(JSON.stringify(await blank.json())).toContain('Please say why you dispute this share');

    const opened = await dispute(owner, reportId);
    expect(opened.status).toBe(201);
    expect(await opened.json()).toMatchObject({
      dispute: { status: 'open', reason: 'February had a refund' },
    });
    expect((await dispute(owner, reportId)).status).toBe(409);
    expect((await myReport(owner, reportId)).dispute).toMatchObject({ status: 'open' });
    expect((await adminReport(reportId)).dispute).toMatchObject({ status: 'open' });
    const csv = await (await revenue.requestAs(admin(), '/api/admin/revenue-reports.csv')).text();
    expect(csv.split('\r\n').find((line) => line.startsWith(reportId))).toMatch(/,open,$/);
    expect(await disputeEvents(reportId)).toEqual([
      expect.objectContaining({
        status: 'open',
        userId: owner.userId,
        email: owner.email,
        shareOwed: 100_000,
      }),
    ]);
  });

  it('refuses a dispute after the 5 days', async () => {
    const late = await verifiedShare();
    clock.set(new Date(clock.now().getTime() + 5 * DAY + 1).toISOString());
    const refused = await dispute(late.owner, late.reportId);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      message: 'A share can be disputed within 5 days of its verification',
    });
    expect(await disputeEvents(late.reportId)).toEqual([]);
  });

  it('opens one dispute when two requests come at once', async () => {
    const { owner, reportId } = await verifiedShare();
    const statuses = (await Promise.all([dispute(owner, reportId), dispute(owner, reportId)])).map(
      (response) => response.status,
    );
    expect(statuses.sort()).toEqual([201, 409]);
    expect(await disputeEvents(reportId)).toHaveLength(1);
  });

  it('pauses reminders and collection while open; a rejection lets them resume with the share as it was', async () => {
    const { owner, reportId, due } = await verifiedShare();
    expect((await dispute(owner, reportId)).status).toBe(201);
    await runJobsAt(due, 0);
    expect(await revenue.collectionRequests(reportId)).toEqual([]);
    expect(await revenue.paymentRemindersOf(owner)).toEqual([]);

    expect((await answer(reportId, 'reject', { reason: 'x' }, owner)).status).toBe(403);
    expect((await answer(reportId, 'reject', { reason: '' })).status).toBe(400);
    const rejected = await answer(reportId, 'reject', { reason: 'The bank statement shows the full amount' });
    expect(rejected.status).toBe(200);
    expect(await rejected.json()).toMatchObject({
      dispute: { status: 'rejected', resolution: 'The bank statement shows the full amount' },
    });
    expect((await answer(reportId, 'reject', { reason: 'again' })).status).toBe(409);
    expect((await disputeEvents(reportId)).map((event) => event.status)).toEqual(['open', 'rejected']);

    await runJobsAt(due, 3);
    expect((await revenue.collectionRequests(reportId)).map((request) => request.amount)).toEqual([100_000]);
    expect(await revenue.paymentRemindersOf(owner)).toEqual([['payment-overdue', 3]]);
    expect((await myReport(owner, reportId)).shareOwed).toBe(100_000);
  });

  it('recomputes the share from the accepted figures, in cents, and announces what the report owes', async () => {
    const { owner, reportId } = await verifiedShare();
    expect(
      (await answer(reportId, 'accept', { grossRevenue: 1, businessExpenses: 0, netRevenue: 1 })).status,
    ).toBe(409);
    expect((await dispute(owner, reportId)).status).toBe(201);
    const mismatch = await answer(reportId, 'accept', {
      grossRevenue: 800_055,
      businessExpenses: 0,
      netRevenue: 1,
    });
    expect(mismatch.status).toBe(400);
    expect(JSON.stringify(await mismatch.json())).toContain(
      'Net revenue must equal gross revenue minus business expenses',
    );

    // Net $6,000.55 over the $1,000.00 baseline: 10 % of $5,000.55 is $500.055, rounded half up to $500.06.
    const accepted = await answer(reportId, 'accept', {
      grossRevenue: 800_055,
      businessExpenses: 200_000,
      netRevenue: 600_055,
      note: 'A refund was left out',
    });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({
      dispute: { status: 'accepted', previousShareOwed: 100_000, resolution: 'A refund was left out' },
    });
    expect(await myReport(owner, reportId)).toMatchObject({
      grossRevenue: 800_055,
      businessExpenses: 200_000,
      netRevenue: 600_055,
      revenueIncrease: 500_055,
      shareOwed: 50_006,
      amountDue: 50_006,
      dispute: { status: 'accepted' },
    });
    const dueChanges = (await revenue.events('revenue.share.due-changed')).filter(
      (row) => row.data.reportId === reportId,
    );
    expect(dueChanges.at(-1)?.data.amountDue).toBe(50_006);
    expect(await disputeEvents(reportId)).toEqual([
      expect.objectContaining({ status: 'open' }),
      expect.objectContaining({ status: 'accepted', shareOwed: 50_006, previousShareOwed: 100_000 }),
    ]);
    expect((await dispute(owner, reportId)).status).toBe(409);
  });

  it('sends no decline e-mail for a disputed share; the corrected share is what is charged next', async () => {
    // Verified the day before its due date, so the card is charged within the 5 days of the dispute.
    year += 1;
    clock.set(`${year - 1}-12-21T10:00:00.000Z`);
    const owner = await ownerAgreedOn(revenue, `${year - 1}-12-20`, 100_000);
    clock.set(`${year}-03-03T10:00:00.000Z`);
    const reportId = await acceptedReport(
      revenue,
      owner,
      reportBody(`${year}-02-01`, `${year}-02-28`, { gross: 1_600_000, expenses: 500_000 }),
    );
    const due = new Date(`${year}-04-02T10:00:00.000Z`);
    await revenue.deliver('payment.saved-card.changed', {
      userId: owner.userId,
      card: { brand: 'Visa', last4: '4242', expMonth: 12, expYear: year + 5 },
      sequence: 1,
      changedAt: clock.now().toISOString(),
    });
    clock.set(`${year}-04-01T10:00:00.000Z`);
    expect((await revenue.verify(reportId)).status).toBe(200);
    await runJobsAt(due, 0);
    const [first] = await revenue.collectionRequests(reportId);
    expect(first).toMatchObject({ attempt: 1, amount: 100_000 });

    // The owner disputes the $1,000.00 while that charge is on its way; it is declined.
    expect((await dispute(owner, reportId)).status).toBe(201);
    await revenue.collectionFailed(first!, 'declined');
    // No 'We will try again on April 5' for the disputed amount: collection waits for the admin's answer.
    expect(await revenue.paymentRemindersOf(owner)).toEqual([]);

    const accepted = await answer(reportId, 'accept', {
      grossRevenue: 600_000,
      businessExpenses: 0,
      netRevenue: 600_000,
    });
    expect(accepted.status).toBe(200);
    await runJobsAt(due, 3);
    const [, second] = await revenue.collectionRequests(reportId);
    expect(second).toMatchObject({ attempt: 2, amount: 50_000 });
    await revenue.collectionFailed(second!, 'declined');
    const paymentMails = (await revenue.remindersOf(owner)).filter((mail) =>
      mail.kind.startsWith('payment-'),
    );
    expect(paymentMails).toEqual([
      expect.objectContaining({
        kind: 'payment-collection-failed',
        step: 2,
        shares: [expect.objectContaining({ reportId, amountDue: 50_000 })],
      }),
    ]);
  });
});

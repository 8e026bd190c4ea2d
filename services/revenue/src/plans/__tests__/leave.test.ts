/**
 * Leaving the programme on the real revenue service (docs/behaviour/revenue-share.md#leaving-the-programme;
 * docs/decisions.md, 99): the owner leaves their own plan once (also with two requests at once), with a
 * reason; what is owed stays owed (its payment reminders and collection go on); the month running at
 * leaving is the last one reported, reminded and estimated; the admin sees the day and the reason, the
 * audit trail the change, and `revenue.plan.left` goes out once for the e-mails.
 */
import { describe, expect, it } from '@jest/globals';
import {
  REVENUE_LEAVE_MESSAGES,
  type LeaveRevenueShareResponse,
  type MyRevenueReports,
  type RevenueCustomer,
} from '@platform/contracts';
import * as harness from '../../__tests__/harness.js';
import type { UserCaller } from '../../__tests__/harness.js';
import { COLLECTION_JOB, ESTIMATES_JOB, REMINDERS_JOB } from '../../jobs.js';

const { admin, json, reportBody, submitReport, user, verifiedShareIn } = harness;

describe.each(harness.backings())('leaving the programme on $name', (factory) => {
  const { revenue, clock } = harness.useClockedRevenue(factory, { quiet: true });

  let year = 2030;
  const leave = (owner: UserCaller, reason: unknown = 'No improvement after three months') =>
    revenue.requestAs(owner, '/api/revenue-share/leave', json({ reason }));
  const planOf = async (owner: UserCaller) =>
    ((await (await revenue.requestAs(owner, '/api/revenue-reports')).json()) as MyRevenueReports).plan!;
  const leftEvents = async (owner: UserCaller) =>
    (await revenue.events('revenue.plan.left'))
      .map((row) => row.data)
      .filter((e) => e.userId === owner.userId);

  it('refuses a blank reason, an account without a plan and a second leave', async () => {
    const { owner } = await verifiedShareIn(revenue, clock, (year += 1));
    const blank = await leave(owner, '  ');
    expect(blank.status).toBe(400);
    expect(JSON.stringify(await blank.json())).toContain(REVENUE_LEAVE_MESSAGES.reasonRequired);
    expect((await leave(owner, 'x'.repeat(2001))).status).toBe(400);
    expect((await planOf(owner)).leftAt).toBeNull();

    const stranger = await leave(user());
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toEqual(
      expect.objectContaining({ message: REVENUE_LEAVE_MESSAGES.noPlan }),
    );
    expect((await revenue.request('/api/revenue-share/leave', json({ reason: 'x' }))).status).toBe(401);

    expect((await leave(owner)).status).toBe(200);
    const again = await leave(owner, 'Twice');
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual(
      expect.objectContaining({ message: REVENUE_LEAVE_MESSAGES.alreadyLeft }),
    );
    expect(await leftEvents(owner)).toHaveLength(1);
  });

  it('leaves once with two requests at once', async () => {
    const { owner } = await verifiedShareIn(revenue, clock, (year += 1));
    const statuses = (await Promise.all([leave(owner, 'First'), leave(owner, 'Second')])).map(
      (r) => r.status,
    );
    expect(statuses.sort()).toEqual([200, 409]);
    expect(await leftEvents(owner)).toHaveLength(1);
  });

  it('keeps what is owed, asks for no report after leaving, and tells the admin', async () => {
    const { owner, reportId, due } = await verifiedShareIn(revenue, clock, (year += 1));
    clock.set(`${year}-03-10T09:00:00.000Z`);
    const response = await leave(owner);
    expect(response.status).toBe(200);
    const body = (await response.json()) as LeaveRevenueShareResponse;
    expect(body.message).toBe(REVENUE_LEAVE_MESSAGES.left);
    expect(body.plan).toEqual(
      expect.objectContaining({
        leftAt: `${year}-03-10T09:00:00.000Z`,
        amountOwed: 100_000,
        nextReport: null,
      }),
    );
    expect(await leftEvents(owner)).toEqual([
      expect.objectContaining({
        reason: 'No improvement after three months',
        amountOwed: 100_000,
        leftAt: `${year}-03-10T09:00:00.000Z`,
        email: owner.email.toLowerCase(),
      }),
    ]);

    // The admin's list says when and why.
    const customers = (await (
      await revenue.requestAs(admin(), '/api/admin/revenue-customers')
    ).json()) as RevenueCustomer[];
    expect(customers.find((c) => c.id === owner.userId)).toEqual(
      expect.objectContaining({
        leftAt: `${year}-03-10T09:00:00.000Z`,
        leaveReason: 'No improvement after three months',
      }),
    );
    const audit = await (await revenue.requestAs(admin(), '/api/admin/revenue-audit.csv')).text();
    expect(audit.split('\n').find((line) => line.includes(',left,'))).toContain(
      'No improvement after three months',
    );

    // No report is taken any more, of the month running at leaving or any other.
    clock.set(`${year}-05-03T09:00:00.000Z`);
    for (const [start, end] of [
      [`${year}-03-01`, `${year}-03-31`],
      [`${year}-04-01`, `${year}-04-30`],
    ]) {
      const refused = await submitReport(revenue, owner, reportBody(start!, end!));
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual(
        expect.objectContaining({ message: REVENUE_LEAVE_MESSAGES.noReportsAfterLeaving }),
      );
    }

    // The share still owed keeps its payment reminder and its collection on the due date.
    clock.set(new Date(due.getTime() + 60_000).toISOString());
    await revenue.service.jobs.runNow(REMINDERS_JOB);
    await revenue.service.jobs.runNow(COLLECTION_JOB);
    expect((await revenue.remindersOf(owner)).map((r) => r.kind)).toContain('payment-due');
    expect(await revenue.collectionRequests(reportId)).toHaveLength(1);

    // No month is asked for nor estimated after leaving; no consultation nudge comes.
    clock.set(`${year}-07-20T09:00:00.000Z`);
    await revenue.service.jobs.runNow(REMINDERS_JOB);
    await revenue.service.jobs.runNow(ESTIMATES_JOB);
    const kinds = (await revenue.remindersOf(owner)).map((r) => r.kind);
    expect(kinds.filter((kind) => kind.startsWith('report-') || kind.startsWith('consultation-'))).toEqual(
      [],
    );
    const mine = (await (await revenue.requestAs(owner, '/api/revenue-reports')).json()) as MyRevenueReports;
    expect(mine.reports.map((r) => [r.id, r.estimated])).toEqual([[reportId, false]]);
    expect(mine.plan!.nextReport).toBeNull();
    expect(mine.plan!.amountOwed).toBe(100_000);
  });
});

/**
 * The owner's standing on the real service, driven by a settable clock: missing reports and an unpaid
 * verified share make them overdue, then blocked (`revenue.customer.status-changed`, which auth turns
 * into `rs_blocked`); a report or a payment makes them current again at once, in the same transaction.
 */
import { describe, expect, it } from '@jest/globals';
import { backings, reportBody, user, type UserCaller, useClockedRevenue } from '../../__tests__/harness.js';
import { CUSTOMER_STATUS_JOB } from '../../jobs.js';

describe.each(backings())('an owner’s standing over time on $name', (factory) => {
  let owner: UserCaller;

  const { revenue, clock } = useClockedRevenue(factory, { quiet: true }, async () => {
    owner = user();
    await revenue.consent(owner);
  });

  const changes = async () =>
    (await revenue.events('revenue.customer.status-changed'))
      .filter((event) => event.data.userId === owner.userId)
      .map((event) => [event.data.previousStatus, event.data.status, event.data.changedAt]);
  const runJob = async () => {
    const run = await revenue.service.jobs.runNow(CUSTOMER_STATUS_JOB);
    expect(run).toMatchObject({ ran: true, ok: true });
  };
  const customer = async () => (await revenue.customers()).find((entry) => entry.id === owner.userId)!;

  it('stays current until a month’s report is more than 10 days late', async () => {
    clock.set('2030-04-11T00:00:00.000Z');
    await runJob();
    expect(await changes()).toEqual([]);
    clock.advance(1);
    await runJob();
    expect(await changes()).toEqual([['current', 'overdue', '2030-04-11T00:00:00.001Z']]);
    expect(await customer()).toMatchObject({ status: 'overdue', missingReports: ['2030-03'] });
  });

  it('is blocked at two missing reports, and current again as soon as they arrive', async () => {
    clock.set('2030-05-11T00:00:00.001Z');
    await runJob();
    await runJob();
    expect((await changes()).slice(1)).toEqual([['overdue', 'blocked', '2030-05-11T00:00:00.001Z']]);
    expect(await customer()).toMatchObject({ status: 'blocked', missingReports: ['2030-03', '2030-04'] });

    clock.advance(60_000);
    expect((await revenue.submitReport(owner, reportBody('2030-03-01', '2030-03-31'))).status).toBe(200);
    expect((await revenue.submitReport(owner, reportBody('2030-04-01', '2030-04-30'))).status).toBe(200);
    expect((await changes()).slice(2)).toEqual([
      ['blocked', 'overdue', '2030-05-11T00:01:00.001Z'],
      ['overdue', 'current', '2030-05-11T00:01:00.001Z'],
    ]);
    expect(await customer()).toMatchObject({ status: 'current', missingReports: [] });
  });

  it('is overdue past a verified share’s due date, blocked 30 days later, and current once it is paid', async () => {
    const reports = await revenue.myReports(owner);
    const april = reports.reports.find((report) => report.reportingPeriodStart === '2030-04-01')!;
    expect(april.dueDate).toBe('2030-06-10T00:01:00.001Z');
    await revenue.verify(april.id);
    clock.set('2030-06-01T12:00:00.000Z');
    expect((await revenue.submitReport(owner, reportBody('2030-05-01', '2030-05-31'))).status).toBe(200);

    clock.set('2030-06-10T00:01:00.001Z');
    await runJob();
    expect((await changes()).slice(4)).toEqual([]);
    clock.advance(1);
    await runJob();
    expect((await changes()).slice(4)).toEqual([['current', 'overdue', '2030-06-10T00:01:00.002Z']]);

    clock.set('2030-07-10T00:01:00.002Z');
    expect((await revenue.submitReport(owner, reportBody('2030-06-01', '2030-06-30'))).status).toBe(200);
    await runJob();
    expect((await changes()).slice(5)).toEqual([['overdue', 'blocked', '2030-07-10T00:01:00.002Z']]);

    const paid = await revenue.markPaid(april.id, april.shareOwed);
    expect(paid.status).toBe(200);
    expect((await changes()).slice(6)).toEqual([['blocked', 'current', '2030-07-10T00:01:00.002Z']]);
  });
});

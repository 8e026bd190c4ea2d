/**
 * Automatic collection on the real revenue service (docs/decisions.md, 89): on a verified share's due date
 * the collection job asks the payment service to charge the card on file
 * (`revenue.share.collection-requested`); a decline is retried 3, 7 and 14 days after the due date with
 * an e-mail each time, a hard decline is not, a share without a card stays with pay by link, and a paid
 * share is asked for no more. An attempt that took nothing in the end ('not-needed': its charge refunded,
 * e.g. as more than due after a Mark Paid) is retried on the same dates for what is still owed, unannounced. Each attempt once, also with two replicas racing the same due date on one
 * PostgreSQL database.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { DAY } from '@platform/service-kit/clock';
import { lockReportAndPlan } from '../../admin/lock-report-and-plan.js';
import { reportDisputes } from '../../db/schema.js';
import {
  backings,
  interleave,
  admin,
  json,
  paidShareOrder,
  submitFebruaryReport,
  withReplica,
  useClockedRevenue,
  verifiedShareIn,
  type CollectionRequest,
  type UserCaller,
} from '../../__tests__/harness.js';
import { COLLECTION_JOB } from '../../jobs.js';
import { collectDueShares } from '../collect-due-shares.js';

describe.each(backings())('automatic collection on $name', (factory) => {
  const { revenue, clock } = useClockedRevenue(factory, { quiet: true });

  /**
   * An owner whose February report (a $1,000.00 share) is verified, submitted on March 3: due April 2,
   * 10:00. Each owner reports in a year of their own, so the suite's clock only moves forward.
   */
  let year = 2030;
  async function verifiedShare(): Promise<{ owner: UserCaller; reportId: string; due: Date }> {
    year += 1;
    return verifiedShareIn(revenue, clock, year);
  }

  const run = () => revenue.service.jobs.runNow(COLLECTION_JOB);
  const mails = async (owner: UserCaller) =>
    (await revenue.remindersOf(owner))
      .filter((reminder) => reminder.kind.startsWith('payment-collection'))
      .map((reminder) => [reminder.kind, reminder.step]);

  /** Moves the clock to `days` after the due date (and a minute) and runs the job. */
  async function runAt(due: Date, days: number, offsetMs = 60_000) {
    clock.set(new Date(due.getTime() + days * DAY + offsetMs).toISOString());
    await run();
  }

  it('asks for the share on its due date, not before, and once', async () => {
    const { owner, reportId, due } = await verifiedShare();
    await runAt(due, 0, -60_000);
    expect(await revenue.collectionRequests(reportId)).toEqual([]);
    await runAt(due, 0);
    await run();
    await collectDueShares(revenue.service.deps);
    expect(await revenue.collectionRequests(reportId)).toEqual([
      expect.objectContaining({ reportId, userId: owner.userId, attempt: 1, amount: 100_000 }),
    ]);
  });

  it('retries a decline 3, 7 and 14 days after the due date, e-mailing each failure, then stops', async () => {
    const { owner, reportId, due } = await verifiedShare();
    await runAt(due, 0);
    for (const [attempt, nextDays] of [
      [1, 3],
      [2, 7],
      [3, 14],
    ] as const) {
      const request = (await revenue.collectionRequests(reportId)).at(-1)!;
      expect(request.attempt).toBe(attempt);
      await revenue.collectionFailed(request, 'declined');
      await revenue.collectionFailed(request, 'declined');
      // Not before the next rung.
      await runAt(due, nextDays, -60_000);
      expect(await revenue.collectionRequests(reportId)).toHaveLength(attempt);
      await runAt(due, nextDays);
      expect(await revenue.collectionRequests(reportId)).toHaveLength(attempt + 1);
    }
    await revenue.collectionFailed((await revenue.collectionRequests(reportId)).at(-1)!, 'declined');
    await runAt(due, 40);
    expect(await revenue.collectionRequests(reportId)).toHaveLength(4);
    expect(await mails(owner)).toEqual([
      ['payment-collection-failed', 1],
      ['payment-collection-failed', 2],
      ['payment-collection-failed', 3],
      ['payment-collection-stopped', 4],
    ]);
  });

  it('stops after a hard decline, and without a card or once the admin refunded a charge leaves the share to pay by link, e-mailing no retry', async () => {
    // Charging the card again after 'refunded' would undo the admin's refund.
    const cases = [
      ['hard-decline', [['payment-collection-stopped', 1]]],
      ['no-card', []],
      ['refunded', []],
    ] as const;
    for (const [reason, mailed] of cases) {
      const share = await verifiedShare();
      await runAt(share.due, 0);
      await revenue.collectionFailed((await revenue.collectionRequests(share.reportId))[0]!, reason);
      await runAt(share.due, 20);
      expect({ reason, requests: (await revenue.collectionRequests(share.reportId)).length }).toEqual({
        reason,
        requests: 1,
      });
      expect({ reason, mails: await mails(share.owner) }).toEqual({ reason, mails: mailed });
    }
  });

  it('asks for nothing more once the share is paid', async () => {
    const { owner, reportId, due } = await verifiedShare();
    await runAt(due, 0);
    const [request] = await revenue.collectionRequests(reportId);
    await revenue.deliver(
      'payment.order.paid',
      paidShareOrder({ owner, reportId, total: 100_000, paidAt: clock.now() }),
    );
    // A decline of a share already paid asks for no retry and sends no e-mail.
    await revenue.collectionFailed(request!, 'declined');
    await runAt(due, 30);
    expect(await revenue.collectionRequests(reportId)).toHaveLength(1);
    expect(await mails(owner)).toEqual([]);
  });

  /** The payment service's answer that `request` took nothing in the end (its charge refunded). */
  const notNeeded = (request: CollectionRequest) =>
    revenue.deliver('payment.share-collection.failed', {
      collectionId: request.collectionId,
      reportId: request.reportId,
      userId: request.userId,
      attempt: request.attempt,
      reason: 'not-needed',
      message: 'The charge was refunded.',
      failedAt: clock.now().toISOString(),
    });

  it('asks for the rest on the next date after a charge refunded as more than due, e-mailing no decline', async () => {
    const { owner, reportId, due } = await verifiedShare();
    await runAt(due, 0);
    const [first] = await revenue.collectionRequests(reportId);
    // While the card is charged, the admin records $400.00 of the share (Mark Paid).
    expect((await revenue.markPaid(reportId, 40_000)).status).toBe(200);
    // The charge's payment is then more than due: refused (the payment service refunds it, and answers).
    await cardCharged(owner, reportId, 100_000);
    const refusals = (await revenue.events('revenue.share-payment.refused')).filter(
      (event) => event.data.reportId === reportId,
    );
    expect(refusals.map((event) => event.data.reason)).toEqual(['more-than-due']);
    await notNeeded(first!);
    await notNeeded(first!);

    await expectRestAskedOnDay3(owner, reportId, due, 60_000);
  });

  /** The card charge of the report's latest attempt succeeded for `total`: its payment, naming the attempt. */
  async function cardCharged(owner: UserCaller, reportId: string, total: number) {
    const collection = (await revenue.collectionRequests(reportId)).at(-1)!;
    await revenue.deliver(
      'payment.order.paid',
      paidShareOrder({ owner, reportId, total, paidAt: clock.now(), collection }),
    );
  }

  /** The attempts asked for so far, as [attempt, amount]. */
  const askedFor = async (reportId: string) =>
    (await revenue.collectionRequests(reportId)).map((request) => [request.attempt, request.amount]);

  /**
   * The day-3 retry of a share first asked for in full ($1,000.00): no request the minute before it, then
   * one for the `rest` still owed, and no e-mail to `owner` about any of it.
   */
  async function expectRestAskedOnDay3(owner: UserCaller, reportId: string, due: Date, rest: number) {
    await runAt(due, 3, -60_000);
    expect(await revenue.collectionRequests(reportId)).toHaveLength(1);
    await runAt(due, 3);
    expect(await askedFor(reportId)).toEqual([
      [1, 100_000],
      [2, rest],
    ]);
    expect(await mails(owner)).toEqual([]);
  }

  /**
   * Like `verifiedShare`, but verified the day before its due date, so the owner may still dispute it
   * (within 5 days of the verification) after the card was charged, and the admin raise it.
   */
  async function shareVerifiedLate(): Promise<{ owner: UserCaller; reportId: string; due: Date }> {
    year += 1;
    clock.set(`${year - 1}-12-21T10:00:00.000Z`);
    const owner = await revenue.ownerAgreedOn(`${year - 1}-12-20`, 100_000);
    const reportId = await submitFebruaryReport(revenue, clock, owner, year);
    clock.set(`${year}-04-01T10:00:00.000Z`);
    expect((await revenue.verify(reportId)).status).toBe(200);
    return { owner, reportId, due: new Date(`${year}-04-02T10:00:00.000Z`) };
  }

  /** The owner disputes the share and the admin accepts figures that raise it to $1,200.00. */
  async function raiseShareTo1200(owner: UserCaller, reportId: string) {
    const disputed = await revenue.requestAs(
      owner,
      `/api/revenue-reports/${reportId}/dispute`,
      json({ reason: 'February missed a catering invoice' }),
    );
    expect(disputed.status).toBe(201);
    const accepted = await revenue.requestAs(
      admin(),
      `/api/admin/revenue-reports/${reportId}/dispute/accept`,
      json({ grossRevenue: 1_300_000, businessExpenses: 0, netRevenue: 1_300_000 }),
    );
    expect(accepted.status).toBe(200);
  }

  it('asks on the next date for what a card charge left owed, the share raised while it was charged', async () => {
    const { owner, reportId, due } = await shareVerifiedLate();
    await runAt(due, 0);
    expect(await revenue.collectionRequests(reportId)).toEqual([
      expect.objectContaining({ attempt: 1, amount: 100_000 }),
    ]);
    // The share is raised to $1,200.00 while the card is charged; the payment service charges its own copy
    // of the due, still $1,000.00, and the charge succeeds: $200.00 is still owed.
    await raiseShareTo1200(owner, reportId);
    await cardCharged(owner, reportId, 100_000);

    await expectRestAskedOnDay3(owner, reportId, due, 20_000);
  });

  it('asks for the rest when the share is raised after its card charge paid it', async () => {
    const { owner, reportId, due } = await shareVerifiedLate();
    await runAt(due, 0);
    await cardCharged(owner, reportId, 100_000);
    clock.set(new Date(due.getTime() + DAY).toISOString());
    await raiseShareTo1200(owner, reportId);

    await runAt(due, 3);
    expect(await askedFor(reportId)).toEqual([
      [1, 100_000],
      [2, 20_000],
    ]);
  });

  // Two replicas need a database server; PGlite belongs to one process, so the PGlite backing has no
  // such test (not a skipped one): CI runs it on PostgreSQL.
  if (factory.name.startsWith('PostgreSQL'))
    it('asks for each attempt once with two replicas racing the same due date', async () => {
      await withReplica(revenue.backing, clock, async (second) => {
        const { reportId, due } = await verifiedShare();
        clock.set(new Date(due.getTime() + 1000).toISOString());
        const workers = [revenue.service, second];
        // The job's claim lets one replica run it at a time; the plain function has no claim, so racing it
        // shows the unique (report, attempt) index alone keeps the attempt to one.
        await Promise.all([
          ...workers.map((worker) => worker.jobs.runNow(COLLECTION_JOB)),
          ...workers.map((worker) => collectDueShares(worker.deps)),
          ...workers.map((worker) => collectDueShares(worker.deps)),
        ]);
        expect((await revenue.collectionRequests(reportId)).map((request) => request.attempt)).toEqual([1]);
        await revenue.collectionFailed((await revenue.collectionRequests(reportId))[0]!, 'declined');
        clock.set(new Date(due.getTime() + 3 * DAY + 1000).toISOString());
        await Promise.all(workers.map((worker) => collectDueShares(worker.deps)));
        expect((await revenue.collectionRequests(reportId)).map((request) => request.attempt)).toEqual([
          1, 2,
        ]);
      });
    });

  // A dispute opened at the very moment the job asks for the share (a share verified late, so its due date
  // falls within the 5 days): the job either sees the dispute or is seen by it, and charges nothing while
  // it is open (docs/behaviour/revenue-share.md#disputes). PostgreSQL only, as above.
  if (factory.name.startsWith('PostgreSQL'))
    it('asks for nothing when a dispute is opened while the job is deciding', async () => {
      const { owner, reportId, due } = await verifiedShare();
      clock.set(new Date(due.getTime() + 1000).toISOString());
      await interleave(
        revenue,
        // What the owner's dispute writes, with the report and plan locked as it locks them.
        async (tx) => {
          await lockReportAndPlan(tx, reportId);
          await tx.insert(reportDisputes).values({
            id: randomUUID(),
            reportId,
            userId: owner.userId,
            reason: 'The February figures include a catering deposit',
            status: 'open',
            openedAt: clock.now(),
          });
        },
        () => collectDueShares(revenue.service.deps),
      );
      expect(await revenue.collectionRequests(reportId)).toEqual([]);
    });
});

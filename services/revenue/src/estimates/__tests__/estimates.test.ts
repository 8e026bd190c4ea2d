/**
 * Estimates for missing reports on the real revenue service (docs/decisions.md, 104;
 * docs/behaviour/revenue-share.md#estimates): 14 days after a month ends without a report, an estimated
 * report (the average increase of the last three real reports) is made once, verified, disputable and
 * collected; none without history. The real report closes it: the difference is charged or credited to
 * the cent, and the credit pays the next share. Every step is in the report's history (the audit trail,
 * append-only), and two replicas racing the job make one estimate.
 */
import { describe, expect, it } from '@jest/globals';
import type {
  AdminRevenueReport,
  MyRevenueReports,
  RevenueAuditEntry,
  RevenueStatement,
} from '@platform/contracts';
import { eq, sql } from 'drizzle-orm';
import {
  admin,
  backings,
  json,
  reportBody,
  paidShareOrder,
  refundOf,
  withReplica,
  user,
  type UserCaller,
  useClockedRevenue,
} from '../../__tests__/harness.js';
import { shareCredits } from '../../db/schema.js';
import { COLLECTION_JOB, ESTIMATES_JOB } from '../../jobs.js';
import { estimateMissingReports } from '../estimate-missing-reports.js';
import { envelope } from '@platform/service-kit/testing';

describe.each(backings())('estimates for missing reports on $name', (factory) => {
  const { revenue, clock } = useClockedRevenue(factory, { quiet: true });

  const run = () => revenue.service.jobs.runNow(ESTIMATES_JOB);
  const verify = async (reportId: string) => {
    const response = await revenue.verify(reportId);
    expect(response.status).toBe(200);
  };
  const report = async (owner: UserCaller, periodStart: string, periodEnd: string, net: number) => {
    const { status, body } = await revenue.submitReport(
      owner,
      reportBody(periodStart, periodEnd, { gross: net }),
    );
    expect(status).toBe(200);
    return (body.report as { id: string }).id;
  };
  const adminReports = async (owner: UserCaller): Promise<AdminRevenueReport[]> =>
    (
      (await (await revenue.requestAs(admin(), '/api/admin/revenue-reports')).json()) as AdminRevenueReport[]
    ).filter((row) => row.userId === owner.userId);
  const adminReport = async (owner: UserCaller, id: string) =>
    (await adminReports(owner)).find((row) => row.id === id)!;
  const estimateOf = async (owner: UserCaller) => (await adminReports(owner)).filter((row) => row.estimated);
  const statementOf = async (owner: UserCaller, month: string): Promise<RevenueStatement> => {
    const response = await revenue.requestAs(owner, `/api/revenue-statements/${month}`);
    expect(response.status).toBe(200);
    return (await response.json()) as RevenueStatement;
  };
  /** The owner's credit balance, in cents. */
  const creditOf = async (owner: UserCaller) => {
    const rows = await revenue.service.deps.db
      .select({ amount: shareCredits.amount })
      .from(shareCredits)
      .where(eq(shareCredits.userId, owner.userId));
    return rows.reduce((total, row) => total + row.amount, 0);
  };
  const history = async (reportId: string): Promise<RevenueAuditEntry[]> => {
    const response = await revenue.requestAs(admin(), `/api/admin/revenue-reports/${reportId}/history`);
    expect(response.status).toBe(200);
    return (await response.json()) as RevenueAuditEntry[];
  };

  /**
   * An owner (baseline $1,000.00, agreed December 20 of `year − 1`: months to report from February) whose
   * February, March and April reports are verified: increases $10,000.00, $6,000.00, $8,000.01. May is
   * not reported; its estimate is due June 15, 00:00 UTC.
   */
  let year = 2030;
  async function ownerWithHistory(): Promise<{ owner: UserCaller; year: number }> {
    year += 1;
    clock.set(`${year - 1}-12-21T10:00:00.000Z`);
    const owner = await revenue.ownerAgreedOn(`${year - 1}-12-20`, 100_000);
    clock.set(`${year}-05-05T10:00:00.000Z`);
    for (const [start, end, net] of [
      [`${year}-02-01`, `${year}-02-28`, 1_100_000],
      [`${year}-03-01`, `${year}-03-31`, 700_000],
      [`${year}-04-01`, `${year}-04-30`, 900_001],
    ] as const) {
      await verify(await report(owner, start, end, net));
    }
    return { owner, year };
  }

  /** May's estimate ($800.00), made June 16, and `total` of it paid online (the order delivered once). */
  async function estimatePaidOnline(owner: UserCaller, year: number, total: number) {
    clock.set(`${year}-06-16T10:00:00.000Z`);
    await run();
    const [estimate] = await estimateOf(owner);
    const order = paidShareOrder({
      owner,
      reportId: estimate!.id,
      total,
      paidAt: clock.now(),
      name: 'Revenue share, May',
    });
    await revenue.deliver('payment.order.paid', order);
    return { estimate: estimate!, order };
  }

  it('estimates a missing month once, 14 days after it ended, from the last three reports', async () => {
    const { owner, year } = await ownerWithHistory();
    clock.set(`${year}-06-14T23:59:00.000Z`);
    await run();
    expect(await estimateOf(owner)).toEqual([]);

    clock.set(`${year}-06-15T00:01:00.000Z`);
    await run();
    await run();
    await estimateMissingReports(revenue.service.deps);
    const [estimate] = await estimateOf(owner);
    expect(await estimateOf(owner)).toHaveLength(1);
    // (1,000,000 + 600,000 + 800,001) / 3 = 800,000.33… → 800,000 cents; 10 % → $800.00.
    expect(estimate).toEqual(
      expect.objectContaining({
        reportingPeriodStart: `${year}-05-01`,
        reportingPeriodEnd: `${year}-05-31`,
        baselineNetRevenue: 100_000,
        netRevenue: 900_000,
        revenueIncrease: 800_000,
        shareOwed: 80_000,
        verified: true,
        status: 'verified',
        estimated: true,
        estimateClosedAt: null,
        dueDate: `${year}-07-15T00:01:00.000Z`,
      }),
    );
    // The owner sees it marked, and may dispute it.
    const mine = (await (await revenue.requestAs(owner, '/api/revenue-reports')).json()) as MyRevenueReports;
    expect(mine.reports.find((row) => row.id === estimate!.id)).toEqual(
      expect.objectContaining({ estimated: true, disputableUntil: `${year}-06-20T00:01:00.000Z` }),
    );
    expect((await history(estimate!.id)).map((entry) => [entry.entity, entry.action, entry.actor])).toEqual([
      ['estimate', 'created', 'system'],
    ]);
    // The estimated month still counts as not reported: the owner is asked for it.
    expect(mine.plan?.nextReport).toEqual(expect.objectContaining({ periodStart: `${year}-05-01` }));

    // Collected like any other share, on its due date.
    clock.set(`${year}-07-15T00:02:00.000Z`);
    await revenue.service.jobs.runNow(COLLECTION_JOB);
    const asked = await revenue.collectionRequests(estimate!.id);
    expect(asked.map((request) => request.amount)).toEqual([80_000]);
  });

  it('makes no estimate without a real report before the month', async () => {
    year += 1;
    clock.set(`${year - 1}-12-21T10:00:00.000Z`);
    const owner = await revenue.ownerAgreedOn(`${year - 1}-12-20`, 100_000);
    clock.set(`${year}-06-20T00:00:00.000Z`);
    await run();
    expect(await estimateOf(owner)).toEqual([]);
  });

  it('closes an unpaid estimate when the real report arrives: the real share is owed, the estimate nothing', async () => {
    const { owner, year } = await ownerWithHistory();
    clock.set(`${year}-06-16T10:00:00.000Z`);
    await run();
    const [estimate] = await estimateOf(owner);
    const realId = await report(owner, `${year}-05-01`, `${year}-05-31`, 1_000_000);
    const closed = await adminReport(owner, estimate!.id);
    expect(closed).toEqual(
      expect.objectContaining({
        estimated: true,
        estimateClosedAt: `${year}-06-16T10:00:00.000Z`,
        replacedByReportId: realId,
        shareOwed: 0,
        amountDue: 0,
      }),
    );
    expect(await adminReport(owner, realId)).toEqual(
      expect.objectContaining({ estimated: false, shareOwed: 90_000, amountPaid: 0, amountDue: 90_000 }),
    );
    expect((await history(estimate!.id)).map((entry) => [entry.entity, entry.action])).toEqual([
      ['estimate', 'created'],
      ['estimate', 'closed'],
    ]);
    // The estimate owes nothing any more: no collection on its due date.
    clock.set(`${year}-07-20T00:00:00.000Z`);
    await revenue.service.jobs.runNow(COLLECTION_JOB);
    expect(await revenue.collectionRequests(estimate!.id)).toEqual([]);
  });

  it('charges the difference when the real share is larger than what was paid on the estimate', async () => {
    const { owner, year } = await ownerWithHistory();
    clock.set(`${year}-06-16T10:00:00.000Z`);
    await run();
    const [estimate] = await estimateOf(owner);
    const paid = await revenue.markPaid(estimate!.id, 80_000);
    expect(paid.status).toBe(200);
    const realId = await report(owner, `${year}-05-01`, `${year}-05-31`, 1_100_001);
    // Share $1,000.00 (10 % of $10,000.01, half up): $800.00 paid on the estimate, $200.00 still owed.
    expect(await adminReport(owner, realId)).toEqual(
      expect.objectContaining({
        shareOwed: 100_000,
        amountPaid: 80_000,
        amountDue: 20_000,
        sharePaid: false,
      }),
    );
    expect(await adminReport(owner, estimate!.id)).toEqual(
      expect.objectContaining({ shareOwed: 0, amountPaid: 0, estimateClosedAt: expect.any(String) }),
    );
    expect((await history(realId)).map((entry) => [entry.entity, entry.action])).toEqual([
      ['report', 'submitted'],
      ['credit', 'applied'],
      ['payment', 'paid-from-credit'],
    ]);
    // Money collected counts the $800.00 once.
    const stats = (await (await revenue.requestAs(admin(), '/api/admin/revenue-stats')).json()) as {
      totalRevenuePaid: number;
    };
    const customers = (await (await revenue.requestAs(admin(), '/api/admin/revenue-customers')).json()) as {
      id: string;
      totalPaid: number;
      totalOwed: number;
    }[];
    // February to April (unpaid: $1,000.00 + $600.00 + $800.00) and May's $200.00.
    expect(customers.find((row) => row.id === owner.userId)).toEqual(
      expect.objectContaining({ totalPaid: 80_000, totalOwed: 260_000 }),
    );
    expect(stats.totalRevenuePaid).toBeGreaterThanOrEqual(80_000);
  });

  it('credits the difference when the real share is smaller, and the credit pays the next share', async () => {
    const { owner, year } = await ownerWithHistory();
    clock.set(`${year}-06-16T10:00:00.000Z`);
    await run();
    const [estimate] = await estimateOf(owner);
    await revenue.markPaid(estimate!.id, 80_000);
    // Real May: increase $5,000.00, share $500.00: paid from the $800.00, $300.00 left as credit.
    const mayId = await report(owner, `${year}-05-01`, `${year}-05-31`, 600_000);
    expect(await adminReport(owner, mayId)).toEqual(
      expect.objectContaining({ shareOwed: 50_000, amountPaid: 50_000, amountDue: 0, sharePaid: true }),
    );
    // June: share $400.00; $300.00 of it from the credit, $100.00 owed.
    clock.set(`${year}-07-02T10:00:00.000Z`);
    const juneId = await report(owner, `${year}-06-01`, `${year}-06-30`, 500_000);
    expect(await adminReport(owner, juneId)).toEqual(
      expect.objectContaining({ shareOwed: 40_000, amountPaid: 30_000, amountDue: 10_000 }),
    );
    // July: nothing left to credit.
    clock.set(`${year}-08-02T10:00:00.000Z`);
    const julyId = await report(owner, `${year}-07-01`, `${year}-07-31`, 500_000);
    expect(await adminReport(owner, julyId)).toEqual(
      expect.objectContaining({ amountPaid: 0, amountDue: 40_000 }),
    );
    const customers = (await (await revenue.requestAs(admin(), '/api/admin/revenue-customers')).json()) as {
      id: string;
      totalPaid: number;
    }[];
    expect(customers.find((row) => row.id === owner.userId)?.totalPaid).toBe(80_000);
  });

  it('turns an online payment on an estimate into credit once, and its late refund takes the credit back once', async () => {
    const { owner, year } = await ownerWithHistory();
    const { estimate, order } = await estimatePaidOnline(owner, year, 80_000);
    await revenue.deliver('payment.order.paid', order);
    expect(await adminReport(owner, estimate.id)).toEqual(
      expect.objectContaining({ amountPaid: 80_000, sharePaid: true }),
    );
    // May's real share is $500.00: paid from the $800.00, $300.00 of credit left.
    const mayId = await report(owner, `${year}-05-01`, `${year}-05-31`, 600_000);
    expect(await adminReport(owner, mayId)).toEqual(expect.objectContaining({ amountPaid: 50_000 }));
    // The order is refunded later (twice delivered): the credit it became is taken back once, and May,
    // which that credit paid, is owed again.
    const refund = refundOf(order, clock.now());
    await revenue.deliver('payment.order.refunded', refund);
    await revenue.deliver('payment.order.refunded', refund);
    expect(await adminReport(owner, estimate.id)).toEqual(
      expect.objectContaining({ shareOwed: 0, amountPaid: 0 }),
    );
    expect(await adminReport(owner, mayId)).toEqual(
      expect.objectContaining({ shareOwed: 50_000, amountPaid: 0, amountDue: 50_000, sharePaid: false }),
    );
    expect((await history(estimate.id)).map((entry) => `${entry.entity} ${entry.action}`)).toEqual([
      'estimate created',
      'payment recorded-online',
      'estimate closed',
      'credit estimate-closed',
      'credit refunded',
    ]);
    expect((await history(mayId)).map((entry) => `${entry.entity} ${entry.action}`)).toEqual([
      'report submitted',
      'credit applied',
      'payment paid-from-credit',
      'credit unapplied',
      'payment from-credit-reversed',
    ]);
    expect(await creditOf(owner)).toBe(0);
    // No credit is left for June's share.
    clock.set(`${year}-07-02T10:00:00.000Z`);
    const juneId = await report(owner, `${year}-06-01`, `${year}-06-30`, 500_000);
    expect(await adminReport(owner, juneId)).toEqual(
      expect.objectContaining({ amountPaid: 0, amountDue: 40_000 }),
    );
  });

  it('takes back the credit a refund left unpaid from the shares it paid last, newest first, to the cent', async () => {
    const { owner, year } = await ownerWithHistory();
    // The $800.00 estimate is paid $599.99 online and $200.01 by support.
    const { estimate, order } = await estimatePaidOnline(owner, year, 59_999);
    await revenue.markPaid(estimate.id, 20_001);
    // May's real share, $500.00, and June's, $400.00, are paid from the $800.00 of credit ($300.00 of June).
    const mayId = await report(owner, `${year}-05-01`, `${year}-05-31`, 600_000);
    clock.set(`${year}-07-02T10:00:00.000Z`);
    const juneId = await report(owner, `${year}-06-01`, `${year}-06-30`, 500_000);
    expect(await adminReport(owner, juneId)).toEqual(expect.objectContaining({ amountPaid: 30_000 }));
    expect(await creditOf(owner)).toBe(0);

    // The online $599.99 is refunded, twice at once and once more: June, paid from credit last, is owed
    // again first ($300.00), then May the $299.99 left.
    clock.set(`${year}-07-03T10:00:00.000Z`);
    const refund = refundOf(order, clock.now());
    await Promise.all([
      revenue.deliver('payment.order.refunded', refund),
      revenue.deliver('payment.order.refunded', refund),
    ]);
    await revenue.deliver('payment.order.refunded', refund);
    expect(await adminReport(owner, juneId)).toEqual(
      expect.objectContaining({ shareOwed: 40_000, amountPaid: 0, amountDue: 40_000, sharePaid: false }),
    );
    expect(await adminReport(owner, mayId)).toEqual(
      expect.objectContaining({ shareOwed: 50_000, amountPaid: 20_001, amountDue: 29_999, sharePaid: false }),
    );
    expect(await creditOf(owner)).toBe(0);
    // The payment service hears what each now owes, so 'Pay now' and the card on file collect it.
    const lastDue = async (id: string) =>
      (await revenue.events('revenue.share.due-changed'))
        .map((row) => row.data as { reportId: string; amountDue: number })
        .filter((due) => due.reportId === id)
        .at(-1)?.amountDue;
    expect([await lastDue(juneId), await lastDue(mayId)]).toEqual([40_000, 29_999]);
    const reversal = (await history(juneId)).find((entry) => entry.action === 'from-credit-reversed');
    expect(reversal).toEqual(
      expect.objectContaining({
        entity: 'payment',
        reason: `order ${order.orderId}`,
        before: expect.objectContaining({ amountPaid: 30_000 }),
        after: expect.objectContaining({ amountPaid: 0 }),
      }),
    );
    // What the owner owes adds up: February to April ($2,400.00), and the two real shares less the money
    // kept ($200.01).
    const customers = (await (await revenue.requestAs(admin(), '/api/admin/revenue-customers')).json()) as {
      id: string;
      totalPaid: number;
      totalOwed: number;
    }[];
    expect(customers.find((row) => row.id === owner.userId)).toEqual(
      expect.objectContaining({ totalPaid: 20_001, totalOwed: 240_000 + 29_999 + 40_000 }),
    );
    // And the statement of the month now running says the same.
    expect((await statementOf(owner, `${year}-07`)).closingBalance).toBe(240_000 + 29_999 + 40_000);
  });

  it("shows an estimate, its closing and the credit it left on the owner's monthly statements", async () => {
    const { owner, year } = await ownerWithHistory();
    clock.set(`${year}-06-16T10:00:00.000Z`);
    await run();
    const [estimate] = await estimateOf(owner);
    clock.set(`${year}-06-17T10:00:00.000Z`);
    await revenue.markPaid(estimate!.id, 80_000);
    // May's real share, $500.00, closes the $800.00 estimate: $300.00 of credit, which pays June's share.
    clock.set(`${year}-06-20T10:00:00.000Z`);
    await report(owner, `${year}-05-01`, `${year}-05-31`, 600_000);
    clock.set(`${year}-07-02T10:00:00.000Z`);
    await report(owner, `${year}-06-01`, `${year}-06-30`, 500_000);

    const june = await statementOf(owner, `${year}-06`);
    expect(june.entries.map(({ kind, amount, description }) => [kind, amount, description])).toEqual([
      ['share', 80_000, `Estimated share for May ${year}`],
      ['payment', -80_000, `Payment of the May ${year} share, recorded by support`],
      ['correction', -80_000, `Estimate for May ${year} closed: replaced by the report`],
      ['share', 50_000, `Share of the May ${year} report`],
    ]);
    expect(june.reports).toEqual([
      expect.objectContaining({ periodStart: `${year}-05-01`, revenueIncrease: 500_000, shareOwed: 50_000 }),
    ]);
    // February to April ($2,400.00) were owed before June; June leaves $300.00 of them paid by credit.
    expect(june).toMatchObject({
      openingBalance: 240_000,
      closingBalance: 210_000,
      totals: { shares: 130_000, credits: 80_000, payments: 80_000 },
    });
    // July: June's $400.00 share, $300.00 of it paid from the credit, which is not a payment again.
    const july = await statementOf(owner, `${year}-07`);
    expect(july.entries.map(({ kind, amount }) => [kind, amount])).toEqual([['share', 40_000]]);
    expect(july).toMatchObject({ openingBalance: 210_000, closingBalance: 250_000, inProgress: true });
    expect(july.closingBalance).toBe((await revenue.myReports(owner)).plan!.amountOwed);
  });

  it('lets the owner dispute an estimate and the admin correct it', async () => {
    const { owner, year } = await ownerWithHistory();
    const theAdmin = admin();
    clock.set(`${year}-06-16T10:00:00.000Z`);
    await run();
    const [estimate] = await estimateOf(owner);
    const opened = await revenue.requestAs(
      owner,
      `/api/revenue-reports/${estimate!.id}/dispute`,
      json({ reason: 'We were closed for two weeks in May' }),
    );
    expect(opened.status).toBe(201);
    const accepted = await revenue.requestAs(
      theAdmin,
      `/api/admin/revenue-reports/${estimate!.id}/dispute/accept`,
      json({ grossRevenue: 400_000, businessExpenses: 0, netRevenue: 400_000, note: 'Closed two weeks' }),
    );
    expect(accepted.status).toBe(200);
    expect(await adminReport(owner, estimate!.id)).toEqual(
      expect.objectContaining({
        estimated: true,
        shareOwed: 30_000,
        dispute: expect.objectContaining({ status: 'accepted' }),
      }),
    );
    const entries = await history(estimate!.id);
    expect(entries.map((entry) => [entry.entity, entry.action])).toEqual([
      ['estimate', 'created'],
      ['dispute', 'opened'],
      ['report', 'corrected'],
      ['dispute', 'accepted'],
    ]);
    const corrected = entries[2]!;
    expect(corrected.before).toEqual(expect.objectContaining({ shareOwed: 80_000 }));
    expect(corrected.after).toEqual(expect.objectContaining({ shareOwed: 30_000 }));
    expect(corrected.actor).toBe(theAdmin.userId);
    expect(corrected.reason).toBe('Closed two weeks');
  });

  it('keeps the audit trail append-only and exports it as CSV', async () => {
    const refusal = async (statement: ReturnType<typeof sql>) => {
      const error = await revenue.service.deps.db.execute(statement).then(
        () => null,
        (thrown: Error) => thrown,
      );
      return String((error?.cause as Error | undefined)?.message ?? error?.message);
    };
    expect(await refusal(sql`update revenue.audit_entries set action = 'changed'`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from revenue.audit_entries`)).toMatch(/append-only/);
    const csv = await revenue.requestAs(admin(), '/api/admin/revenue-audit.csv');
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain('Entry ID,At,Who,Owner,Record,Record ID,Report ID,Change,Before,After,Why');
    expect(text).toContain(',estimate,');
    expect((await revenue.requestAs(user(), '/api/admin/revenue-audit.csv')).status).toBe(403);
    expect(
      (
        await revenue.requestAs(
          admin(),
          '/api/admin/revenue-reports/00000000-0000-4000-8000-000000000000/history',
        )
      ).status,
    ).toBe(404);
  });

  // Two replicas need a database server; PGlite belongs to one process, so the PGlite backing has no
  // such test (not a skipped one): CI runs it on PostgreSQL.
  if (factory.name.startsWith('PostgreSQL'))
    it('makes one estimate with two replicas racing the job', async () => {
      await withReplica(revenue.backing, clock, async (second) => {
        const { owner, year } = await ownerWithHistory();
        clock.set(`${year}-06-15T00:01:00.000Z`);
        const workers = [revenue.service, second];
        await Promise.all([
          ...workers.map((worker) => worker.jobs.runNow(ESTIMATES_JOB)),
          ...workers.map((worker) => estimateMissingReports(worker.deps)),
          ...workers.map((worker) => estimateMissingReports(worker.deps)),
        ]);
        const estimates = await estimateOf(owner);
        expect(estimates).toHaveLength(1);
        expect((await history(estimates[0]!.id)).filter((entry) => entry.action === 'created')).toHaveLength(
          1,
        );
      });
    });

  if (factory.name.startsWith('PostgreSQL'))
    it('takes back what the credit paid once when two replicas apply the same refund at once', async () => {
      await withReplica(revenue.backing, clock, async (_second) => {
        const { owner, year } = await ownerWithHistory();
        const { order } = await estimatePaidOnline(owner, year, 80_000);
        // May ($500.00) and June ($300.00 of $400.00) are paid from the $800.00 of credit.
        const mayId = await report(owner, `${year}-05-01`, `${year}-05-31`, 600_000);
        clock.set(`${year}-07-02T10:00:00.000Z`);
        const juneId = await report(owner, `${year}-06-01`, `${year}-06-30`, 500_000);
        const refunded = envelope('payment.order.refunded', refundOf(order, clock.now()));
        // Both replicas pull from the one durable consumer: four copies at once are shared between them.
        await Promise.all([1, 2, 3, 4].map(() => revenue.deliverEnvelope(refunded)));
        expect(await adminReport(owner, mayId)).toEqual(
          expect.objectContaining({ amountPaid: 0, amountDue: 50_000 }),
        );
        expect(await adminReport(owner, juneId)).toEqual(
          expect.objectContaining({ amountPaid: 0, amountDue: 40_000 }),
        );
        expect(await creditOf(owner)).toBe(0);
      });
    });

  if (factory.name.startsWith('PostgreSQL'))
    it('leaves the month costing the real share when the real report races the job on another replica', async () => {
      await withReplica(revenue.backing, clock, async (second) => {
        const { owner, year } = await ownerWithHistory();
        clock.set(`${year}-06-15T00:01:00.000Z`);
        const [, realId] = await Promise.all([
          estimateMissingReports(second.deps),
          report(owner, `${year}-05-01`, `${year}-05-31`, 1_000_000),
          estimateMissingReports(revenue.service.deps),
        ]);
        // Whichever went first, an estimate made is closed and the real share ($900.00) is owed in full.
        const open = (await estimateOf(owner)).filter((row) => !row.estimateClosedAt);
        expect(open).toEqual([]);
        expect(await adminReport(owner, realId)).toEqual(
          expect.objectContaining({ shareOwed: 90_000, amountPaid: 0, amountDue: 90_000 }),
        );
      });
    });
});

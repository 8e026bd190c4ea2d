/**
 * Mark Paid records each payment once (docs/behaviour/revenue-share.md#admin-revenue-dashboard): the form's
 * `paymentId` sent again (a retry after a lost answer, a double submit, five at once, two replicas) records
 * nothing more and gets the first answer; the same id for another amount or report is a 409; two payments
 * of the same amount with their own ids both count.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  AdminReportActionResponseSchema,
  REVENUE_ADMIN_MESSAGES,
  paymentAlreadyRecordedMessage,
} from '@platform/contracts';
import { eq } from 'drizzle-orm';
import { sharePayments } from '../../db/schema.js';
import { markReportPaid } from '../mark-report-paid.js';
import * as harness from '../../__tests__/harness.js';

const { verifiedShareIn, withReplica } = harness;

describe.each(harness.backings())('Mark Paid, once per payment, on $name', (factory) => {
  const { revenue, clock } = harness.useClockedRevenue(factory, { quiet: true });
  let year = 2030;

  const reportOf = async (id: string) => (await revenue.adminReports()).find((r) => r.id === id)!;
  const paymentsOf = (id: string) =>
    revenue.service.deps.db.select().from(sharePayments).where(eq(sharePayments.reportId, id));

  it('records a payment sent twice with its id once, and answers the retry as the first time', async () => {
    const { reportId } = await verifiedShareIn(revenue, clock, (year += 1));
    const paymentId = randomUUID();
    const first = await revenue.markPaid(reportId, 40_000, paymentId);
    expect(first.status).toBe(200);
    const firstAnswer = AdminReportActionResponseSchema.parse(await first.json());

    const retry = await revenue.markPaid(reportId, 40_000, paymentId);
    expect(retry.status).toBe(200);
    const retryAnswer = AdminReportActionResponseSchema.parse(await retry.json());
    expect(retryAnswer.message).toBe('$400.00 recorded');
    expect(retryAnswer.report).toEqual(firstAnswer.report);
    expect(await reportOf(reportId)).toMatchObject({ amountPaid: 40_000, amountDue: 60_000 });
    expect((await paymentsOf(reportId)).map((payment) => payment.id)).toEqual([paymentId]);

    // Another payment of the same amount is another payment: its own id counts.
    const second = await revenue.markPaid(reportId, 40_000, randomUUID());
    expect(second.status).toBe(200);
    expect(await reportOf(reportId)).toMatchObject({ amountPaid: 80_000, amountDue: 20_000 });
  });

  it('answers the retry of the payment that settled the share as recorded, not as already paid', async () => {
    const { reportId } = await verifiedShareIn(revenue, clock, (year += 1));
    const paymentId = randomUUID();
    expect((await revenue.markPaid(reportId, 100_000, paymentId)).status).toBe(200);
    const retry = await revenue.markPaid(reportId, 100_000, paymentId);
    expect(retry.status).toBe(200);
    expect(AdminReportActionResponseSchema.parse(await retry.json()).report).toMatchObject({
      amountPaid: 100_000,
      sharePaid: true,
      status: 'paid',
    });
    // Without the id, a second payment on a paid report is refused as before.
    const another = await revenue.markPaid(reportId, 1);
    expect(another.status).toBe(400);
    expect(await another.json()).toMatchObject({ message: REVENUE_ADMIN_MESSAGES.alreadyPaid });
  });

  it('records five sends of one payment at once once', async () => {
    const { reportId } = await verifiedShareIn(revenue, clock, (year += 1));
    const paymentId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => revenue.markPaid(reportId, 25_000, paymentId)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await reportOf(reportId)).toMatchObject({ amountPaid: 25_000, amountDue: 75_000 });
    expect(await paymentsOf(reportId)).toHaveLength(1);
  });

  it('refuses the id of a recorded payment for another amount or another report, naming what it recorded', async () => {
    const { reportId } = await verifiedShareIn(revenue, clock, (year += 1));
    const paymentId = randomUUID();
    expect((await revenue.markPaid(reportId, 30_000, paymentId)).status).toBe(200);

    const otherAmount = await revenue.markPaid(reportId, 35_000, paymentId);
    expect(otherAmount.status).toBe(409);
    expect(await otherAmount.json()).toMatchObject({ message: paymentAlreadyRecordedMessage('$300.00') });

    const { reportId: otherReport } = await verifiedShareIn(revenue, clock, (year += 1));
    const otherPlace = await revenue.markPaid(otherReport, 30_000, paymentId);
    expect(otherPlace.status).toBe(409);
    expect(await reportOf(reportId)).toMatchObject({ amountPaid: 30_000 });
    expect(await reportOf(otherReport)).toMatchObject({ amountPaid: 0 });
  });

  it('refuses an id that is not a UUID and records nothing', async () => {
    const { reportId } = await verifiedShareIn(revenue, clock, (year += 1));
    const response = await revenue.markPaid(reportId, 10_000, 'retry-1');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: REVENUE_ADMIN_MESSAGES.paymentIdInvalid });
    expect(await reportOf(reportId)).toMatchObject({ amountPaid: 0 });
  });

  // Two replicas need a database server; PGlite belongs to one process, so the PGlite backing has no
  // such test (not a skipped one): CI runs it on PostgreSQL.
  if (factory.name.startsWith('PostgreSQL'))
    it('records one payment sent to two replicas at once once', async () => {
      await withReplica(revenue.backing, clock, async (second) => {
        const { reportId } = await verifiedShareIn(revenue, clock, (year += 1));
        const paymentId = randomUUID();
        const send = (deps: typeof second.deps) =>
          markReportPaid(deps, { reportId, amount: 50_000, adminId: 'admin-1', paymentId });
        const answers = await Promise.all([
          send(revenue.service.deps),
          send(second.deps),
          send(revenue.service.deps),
          send(second.deps),
        ]);
        expect(answers.map((answer) => answer.report.amountPaid)).toEqual([50_000, 50_000, 50_000, 50_000]);
        expect(await reportOf(reportId)).toMatchObject({ amountPaid: 50_000, amountDue: 50_000 });
        expect(await paymentsOf(reportId)).toHaveLength(1);
      });
    });
});

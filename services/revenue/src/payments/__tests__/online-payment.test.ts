/**
 * Online payments of revenue shares on the real revenue service (docs/decisions.md, 28): every change of
 * what a report owes is announced (`revenue.share.due-changed`, with a growing sequence) for the payment
 * service's projection; a paid share order is recorded once on its report, which becomes paid and lifts
 * the owner's overdue standing; its refund removes the payment and the report is owed (and overdue) again;
 * an order that cannot be recorded is refused for the payment service to refund.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { type EventData, type PaymentOrderPaid } from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { eq } from 'drizzle-orm';
import { sharePayments } from '../../db/schema.js';
import { CUSTOMER_STATUS_JOB } from '../../jobs.js';
import { recordOnlineSharePayment } from '../record-online-payment.js';
import { reverseOnlineSharePayment } from '../reverse-online-payment.js';
import {
  backings,
  interleave,
  reportBody,
  user,
  type UserCaller,
  paidShareOrder,
  refundOf,
  submitFebruaryReport,
  useClockedOwner,
  verifiedShareIn,
} from '../../__tests__/harness.js';

describe.each(backings())('online share payments on $name', (factory) => {
  let reportId: string;

  const plan = { agreedAt: '2029-12-20', baselineNetRevenue: 100_000 };
  const { revenue, clock, owner } = useClockedOwner(factory, plan, { quiet: true }, async () => {
    await revenue.statusChanged(owner, { planStatus: 'rs_active', consultationStatus: 'submitted' });
    // Net $11,000.00 over a $1,000.00 baseline: a share of $1,000.00, due April 2.
    reportId = await submitFebruaryReport(revenue, clock, owner, 2030);
  });

  const dues = async (id = reportId) =>
    (await revenue.events('revenue.share.due-changed'))
      .map((row) => row.data)
      .filter((d) => d.reportId === id);
  const refusals = async () => (await revenue.events('revenue.share-payment.refused')).map((row) => row.data);
  const myReport = async (who: UserCaller = owner, id = reportId) =>
    (await revenue.myReports(who)).reports.find((report) => report.id === id)!;
  const statusChanges = async () =>
    (await revenue.events('revenue.customer.status-changed'))
      .map((row) => row.data)
      .filter((change) => change.userId === owner.userId)
      .map((change) => change.status);

  const paidOrder = (fields: Partial<PaymentOrderPaid> = {}): PaymentOrderPaid => ({
    ...paidShareOrder({
      owner,
      reportId,
      total: 70_000,
      paidAt: clock.now(),
      name: 'Revenue share, February 2030',
    }),
    ...fields,
  });

  it('announces what the report owes at submission, verification and each offline payment', async () => {
    expect(await dues()).toEqual([
      {
        reportId,
        userId: owner.userId,
        periodStart: '2030-02-01',
        periodEnd: '2030-02-28',
        amountDue: 100_000,
        verified: false,
        firstName: 'Marta',
        lastName: 'Quintero',
        sequence: 1,
        changedAt: '2030-03-03T10:00:00.000Z',
      },
    ]);
    expect((await revenue.verify(reportId)).status).toBe(200);
    // Verifying again changes nothing, so announces nothing.
    expect((await revenue.verify(reportId)).status).toBe(200);
    const paid = await revenue.markPaid(reportId, 30_000);
    expect(paid.status).toBe(200);
    expect(
      (await dues()).map(({ amountDue, verified, sequence }) => ({ amountDue, verified, sequence })),
    ).toEqual([
      { amountDue: 100_000, verified: false, sequence: 1 },
      { amountDue: 100_000, verified: true, sequence: 2 },
      { amountDue: 70_000, verified: true, sequence: 3 },
    ]);
  });

  it('records a paid share order once: the report is paid and the owner current again', async () => {
    // Past the due date (April 2) the unpaid share makes the owner overdue.
    clock.set('2030-04-05T09:00:00.000Z');
    expect(await revenue.service.jobs.runNow(CUSTOMER_STATUS_JOB)).toMatchObject({ ran: true, ok: true });
    expect((await statusChanges()).at(-1)).toBe('overdue');
    expect(await myReport()).toMatchObject({ status: 'overdue', amountDue: 70_000 });

    const order = paidOrder();
    await revenue.deliver('payment.order.paid', order);
    // The same order told again (another event) records nothing more.
    await revenue.deliver('payment.order.paid', order);

    const payments = await revenue.service.deps.db
      .select()
      .from(sharePayments)
      .where(eq(sharePayments.reportId, reportId));
    expect(payments.map(({ method, amount, orderId }) => ({ method, amount, orderId }))).toEqual(
      expect.arrayContaining([
        { method: 'offline', amount: 30_000, orderId: null },
        { method: 'online', amount: 70_000, orderId: order.orderId },
      ]),
    );
    expect(payments).toHaveLength(2);
    expect(await myReport()).toMatchObject({
      status: 'paid',
      sharePaid: true,
      amountPaid: 100_000,
      amountDue: 0,
      sharePaidAt: '2030-04-05T09:00:00.000Z',
    });
    expect((await dues()).at(-1)).toMatchObject({ amountDue: 0, verified: true, sequence: 4 });
    expect(await dues()).toHaveLength(4);
    expect((await statusChanges()).at(-1)).toBe('current');
    expect(await refusals()).toEqual([]);
    lastOrder = order;
  });

  let lastOrder: PaymentOrderPaid;

  it('re-opens the report when that order is refunded, and announces it', async () => {
    clock.advance(60_000);
    await revenue.deliver('payment.order.refunded', refundOf(lastOrder, clock.now()));
    const online = await revenue.service.deps.db
      .select()
      .from(sharePayments)
      .where(eq(sharePayments.orderId, lastOrder.orderId));
    expect(online).toEqual([]);
    expect(await myReport()).toMatchObject({
      status: 'overdue',
      sharePaid: false,
      sharePaidAt: null,
      amountPaid: 30_000,
      amountDue: 70_000,
    });
    expect((await dues()).at(-1)).toMatchObject({ amountDue: 70_000, verified: true, sequence: 5 });
    expect((await statusChanges()).at(-1)).toBe('overdue');
    // The refund told again changes nothing.
    await revenue.deliver('payment.order.refunded', refundOf(lastOrder, clock.now()));
    expect(await dues()).toHaveLength(5);
    expect(await myReport()).toMatchObject({ amountPaid: 30_000 });
  });

  it('refuses what it cannot record: too much, nothing due, not verified, not the payer’s', async () => {
    const before = (await dues()).length;
    const tooMuch = paidOrder({ total: 70_001 });
    await revenue.deliver('payment.order.paid', tooMuch);

    const stranger = user();
    const theirs = paidOrder({ placedByUserId: stranger.userId });
    await revenue.deliver('payment.order.paid', theirs);
    const unknown = paidOrder({ revenueReportId: randomUUID() });
    await revenue.deliver('payment.order.paid', unknown);

    clock.set('2030-05-02T10:00:00.000Z');
    const unverifiedId = await revenue.acceptedReport(
      owner,
      reportBody('2030-03-01', '2030-03-31', { gross: 1_200_000 }),
    );
    const unverified = paidOrder({ revenueReportId: unverifiedId, total: 10_000 });
    await revenue.deliver('payment.order.paid', unverified);

    // Paid in full offline: a late online payment finds nothing due.
    await revenue.markPaid(reportId, 70_000);
    const late = paidOrder();
    await revenue.deliver('payment.order.paid', late);

    expect(
      (await refusals()).map(({ orderId, reason, amount, userId }) => ({ orderId, reason, amount, userId })),
    ).toEqual([
      { orderId: tooMuch.orderId, reason: 'more-than-due', amount: 70_001, userId: owner.userId },
      { orderId: theirs.orderId, reason: 'not-owner', amount: 70_000, userId: owner.userId },
      { orderId: unknown.orderId, reason: 'not-owner', amount: 70_000, userId: owner.userId },
      { orderId: unverified.orderId, reason: 'not-verified', amount: 10_000, userId: owner.userId },
      { orderId: late.orderId, reason: 'nothing-due', amount: 70_000, userId: owner.userId },
    ]);
    const online = await revenue.service.deps.db
      .select()
      .from(sharePayments)
      .where(eq(sharePayments.method, 'online'));
    expect(online).toEqual([]);
    // A refusal announces the report's figure again, unchanged (the payment service took the order's
    // total off its copy at fulfilment); the offline payment announces its own.
    const announced = (await dues()).slice(before);
    expect(announced.map(({ amountDue }) => amountDue)).toEqual([70_000, 70_000, 0, 0]);
    const sequences = announced.map(({ sequence }) => sequence);
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    expect(new Set(sequences).size).toBe(4);
    expect((await dues(unverifiedId)).map(({ verified, amountDue }) => ({ verified, amountDue }))).toEqual([
      { verified: false, amountDue: 110_000 },
      { verified: false, amountDue: 110_000 },
    ]);
  });

  it('records nothing for a refund that overtook its payment, nor for a purchase', async () => {
    const aprilId = await revenue.acceptedReport(
      owner,
      reportBody('2030-04-01', '2030-04-30', { gross: 1_300_000 }),
    );
    await revenue.verify(aprilId);
    const refusedBefore = (await refusals()).length;
    const announcedBefore = (await dues(aprilId)).length;

    const overtaken = paidOrder({ revenueReportId: aprilId, total: 30_000 });
    await revenue.deliver('payment.order.refunded', refundOf(overtaken, clock.now()));
    await revenue.deliver('payment.order.paid', overtaken);
    const purchase: EventData<'payment.order.paid'> = {
      ...paidOrder({ total: 69_700 }),
      lines: [{ productId: 'restaurant-consultation', name: 'Consultation', unitPrice: 69_700, quantity: 1 }],
      courseIds: [1],
      revenueReportId: undefined,
    };
    await revenue.deliver('payment.order.paid', purchase);

    expect(
      await revenue.service.deps.db.select().from(sharePayments).where(eq(sharePayments.method, 'online')),
    ).toEqual([]);
    expect(await myReport(owner, aprilId)).toMatchObject({
      amountPaid: 0,
      amountDue: 120_000,
      status: 'verified',
    });
    expect((await refusals()).length).toBe(refusedBefore);
    // The payment service took the refunded order off its copy of the due: the figure is announced again.
    const announced = (await dues(aprilId)).slice(announcedBefore);
    expect(announced.map(({ amountDue, verified }) => ({ amountDue, verified }))).toEqual([
      { amountDue: 120_000, verified: true },
    ]);
  });

  // A share order's payment and its refund handled at the same moment on two replicas (the service behind
  // on its events, the admin refunding right after the payment): whichever transaction goes first, the
  // other sees it, so refunded money is never left recorded as a payment. PostgreSQL only: PGlite runs one
  // transaction at a time, so nothing there can interleave (CI runs these on PostgreSQL).
  if (factory.name.startsWith('PostgreSQL')) {
    const handlerOptions = () => ({ clock: revenue.service.deps.clock, logger: revenue.service.deps.logger });
    const paymentsOf = (id: string) =>
      revenue.service.deps.db.select().from(sharePayments).where(eq(sharePayments.reportId, id));
    const raced = async (year: number, refundFirst: boolean) => {
      const share = await verifiedShareIn(revenue, clock, year);
      const order = paidShareOrder({
        owner: share.owner,
        reportId: share.reportId,
        total: 100_000,
        paidAt: clock.now(),
      });
      const pay = (tx: Executor) => recordOnlineSharePayment(tx, order, handlerOptions());
      const refund = (tx: Executor) =>
        reverseOnlineSharePayment(tx, refundOf(order, clock.now()), handlerOptions());
      await (refundFirst ? interleave(revenue, refund, pay) : interleave(revenue, pay, refund));
      return share;
    };

    it('leaves the share owed when its refund is handled while its payment is being recorded', async () => {
      for (const [year, refundFirst] of [
        [2041, true],
        [2042, false],
      ] as const) {
        const share = await raced(year, refundFirst);
        expect(await paymentsOf(share.reportId)).toEqual([]);
        expect(await myReport(share.owner, share.reportId)).toMatchObject({
          amountPaid: 0,
          amountDue: 100_000,
          sharePaid: false,
        });
      }
    });
  }
});

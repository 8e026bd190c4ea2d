/**
 * The owner's credit (docs/decisions.md, 104): what was paid on an estimate becomes credit when the real
 * report closes it, and credit pays the owner's shares as soon as there is one to pay. Always called with
 * the owner's plan locked, so the balance read is the balance written.
 */
import { randomUUID } from 'node:crypto';
import type { Executor } from '@platform/service-kit/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import { recordAudit, recordReportChange } from '../audit/record-audit.js';
import {
  revenueReports,
  shareCredits,
  sharePayments,
  type PaymentPlanRow,
  type RevenueReportRow,
} from '../db/schema.js';
import { announceShareDue, type AnnounceOptions } from '../payments/announce-share-due.js';
import { updateReportAndAnnounce } from '../reports/announce-report-change.js';
import { insertSharePayment, lockReport, updateReport } from '../reports/reports.repository.js';

type CreditKind = (typeof shareCredits.$inferInsert)['kind'];

export async function creditBalance(tx: Executor, planId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${shareCredits.amount}), 0)` })
    .from(shareCredits)
    .where(eq(shareCredits.paymentPlanId, planId));
  return Number(row?.total ?? 0);
}

/** One movement of the credit (cents, signed), kept with its audit entry. */
export async function moveCredit(
  tx: Executor,
  movement: { plan: PaymentPlanRow; kind: CreditKind; amount: number; reportId: string; at: Date },
): Promise<void> {
  const balance = await creditBalance(tx, movement.plan.id);
  const id = randomUUID();
  await tx.insert(shareCredits).values({
    id,
    paymentPlanId: movement.plan.id,
    userId: movement.plan.userId,
    kind: movement.kind,
    amount: movement.amount,
    reportId: movement.reportId,
    createdAt: movement.at,
  });
  await recordAudit(tx, {
    entity: 'credit',
    entityId: id,
    action: movement.kind,
    userId: movement.plan.userId,
    reportId: movement.reportId,
    at: movement.at,
    before: { balance },
    after: { balance: balance + movement.amount },
  });
}

/**
 * Pays what the report owes from the owner's credit, as far as it goes: a `credit` share payment, the
 * credit taken down by as much. Returns the report as it stands after.
 */
export async function applyCredit(
  tx: Executor,
  plan: PaymentPlanRow,
  report: RevenueReportRow,
  options: AnnounceOptions,
): Promise<RevenueReportRow> {
  const due = report.shareOwed - report.amountPaid;
  if (due <= 0) return report;
  const amount = Math.min(due, await creditBalance(tx, plan.id));
  if (amount <= 0) return report;
  const now = options.clock.now();
  await moveCredit(tx, { plan, kind: 'applied', amount: -amount, reportId: report.id, at: now });
  await insertSharePayment(tx, {
    id: randomUUID(),
    reportId: report.id,
    userId: report.userId,
    amount,
    method: 'credit',
    paidAt: now,
  });
  const amountPaid = report.amountPaid + amount;
  const paid = amountPaid === report.shareOwed;
  const updated = await updateReport(tx, report.id, {
    amountPaid,
    ...(paid && { sharePaid: true, sharePaidAt: now }),
    updatedAt: now,
  });
  await recordReportChange(tx, {
    entity: 'payment',
    action: 'paid-from-credit',
    at: now,
    before: report,
    after: updated,
  });
  await announceShareDue(tx, updated, plan, options);
  return updated;
}

/**
 * A refund took back credit that had already paid shares, so the balance is below zero: the credit's
 * latest payments are taken back, newest first, and the shares they paid are owed again, until the
 * balance is zero (docs/decisions.md, 118). The report last paid from credit is the one whose due date is
 * furthest off, so the owner is given the most time to pay again.
 */
export async function reclaimSpentCredit(
  tx: Executor,
  plan: PaymentPlanRow,
  options: AnnounceOptions & { reason: string },
): Promise<void> {
  let shortfall = -(await creditBalance(tx, plan.id));
  if (shortfall <= 0) return;
  const paidFromCredit = await tx
    .select({ payment: sharePayments })
    .from(sharePayments)
    .innerJoin(revenueReports, eq(revenueReports.id, sharePayments.reportId))
    .where(and(eq(revenueReports.paymentPlanId, plan.id), eq(sharePayments.method, 'credit')))
    .orderBy(desc(sharePayments.paidAt), desc(revenueReports.reportingPeriodStart));
  for (const { payment } of paidFromCredit) {
    if (shortfall <= 0) break;
    const report = await lockReport(tx, payment.reportId);
    if (!report) continue;
    const amount = Math.min(payment.amount, shortfall);
    const now = options.clock.now();
    if (amount === payment.amount) {
      await tx.delete(sharePayments).where(eq(sharePayments.id, payment.id));
    } else {
      await tx
        .update(sharePayments)
        .set({ amount: payment.amount - amount })
        .where(eq(sharePayments.id, payment.id));
    }
    await moveCredit(tx, { plan, kind: 'unapplied', amount, reportId: report.id, at: now });
    await updateReportAndAnnounce(
      tx,
      { report, plan },
      { amountPaid: report.amountPaid - amount, sharePaid: false, sharePaidAt: null, updatedAt: now },
      { entity: 'payment', action: 'from-credit-reversed', at: now, reason: options.reason },
      options,
    );
    shortfall -= amount;
  }
}

/**
 * The real report arrives for an estimated month (docs/decisions.md, 104): in the submission's
 * transaction, with the plan locked, each open estimate it covers is closed. The estimate then owes
 * nothing and holds nothing: what was paid on it becomes the owner's credit, and the credit pays the real
 * report as far as it goes. So the month costs the real share exactly: the difference is charged (the
 * real report owes the rest, collected like any share) or credited (the credit left pays the next shares).
 * An open dispute of the estimate is answered by the real report (accepted). Every report submitted also takes any credit left from before.
 */
import type { Executor } from '@platform/service-kit/db';
import { eq } from 'drizzle-orm';
import { recordDisputeChange, recordReportChange } from '../audit/record-audit.js';
import { reportDisputes, type PaymentPlanRow, type RevenueReportRow } from '../db/schema.js';
import { findDisputeOfReport } from '../disputes/disputes.repository.js';
import { announceShareDue, type AnnounceOptions } from '../payments/announce-share-due.js';
import { lockReport, updateReport } from '../reports/reports.repository.js';
import { applyCredit, moveCredit } from './share-credits.js';

/** An estimate not closed yet. */
export function isOpenEstimate(report: RevenueReportRow): boolean {
  return report.estimated && !report.estimateClosedAt;
}

async function closeEstimate(
  tx: Executor,
  plan: PaymentPlanRow,
  estimateId: string,
  report: RevenueReportRow,
  options: AnnounceOptions & { actor: string },
): Promise<void> {
  const estimate = await lockReport(tx, estimateId);
  if (!estimate || !isOpenEstimate(estimate)) return;
  const now = options.clock.now();
  const closed = await updateReport(tx, estimate.id, {
    shareOwed: 0,
    amountPaid: 0,
    sharePaid: true,
    sharePaidAt: estimate.sharePaidAt ?? now,
    estimateClosedAt: now,
    replacedByReportId: report.id,
    updatedAt: now,
  });
  await recordReportChange(tx, {
    entity: 'estimate',
    action: 'closed',
    actor: options.actor,
    at: now,
    before: estimate,
    after: closed,
    reason: `replaced by report ${report.id}`,
  });
  await announceShareDue(tx, closed, plan, options);
  if (estimate.amountPaid > 0) {
    await moveCredit(tx, {
      plan,
      kind: 'estimate-closed',
      amount: estimate.amountPaid,
      reportId: estimate.id,
      at: now,
    });
  }
  const dispute = await findDisputeOfReport(tx, estimate.id);
  if (dispute?.status === 'open') {
    const [answered] = await tx
      .update(reportDisputes)
      .set({
        status: 'accepted',
        resolution: 'Replaced by your report for the month',
        previousShareOwed: estimate.shareOwed,
        resolvedBy: options.actor,
        resolvedAt: now,
      })
      .where(eq(reportDisputes.id, dispute.id))
      .returning();
    await recordDisputeChange(tx, {
      action: 'accepted',
      actor: options.actor,
      before: dispute,
      after: answered!,
    });
  }
}

/**
 * After the real report `report` is inserted: closes the open estimates among `overlapping`, then pays the
 * report from the owner's credit. Returns the report as it stands after.
 */
export async function settleEstimates(
  tx: Executor,
  plan: PaymentPlanRow,
  report: RevenueReportRow,
  overlapping: RevenueReportRow[],
  options: AnnounceOptions & { actor: string },
): Promise<RevenueReportRow> {
  for (const estimate of overlapping.filter(isOpenEstimate)) {
    await closeEstimate(tx, plan, estimate.id, report, options);
  }
  return applyCredit(tx, plan, report, options);
}

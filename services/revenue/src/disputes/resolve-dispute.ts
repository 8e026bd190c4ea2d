/**
 * The admin's answer to an open dispute (docs/behaviour/revenue-share.md#disputes):
 *
 * - accept `{ grossRevenue, businessExpenses, netRevenue, note? }`: the report takes the corrected figures
 *   and its share is recomputed by the report rules (`computeShare`, the report's own baseline, cents).
 *   A corrected share below what was already paid is refused (409: a credit is not this ledger's to give).
 *   What the report owes is announced (`revenue.share.due-changed`) and the standing refreshed.
 * - reject `{ reason }`: the report stays as it is.
 *
 * Either way the dispute is closed, its reminders and collection resume, and both sides are told
 * (`revenue.report.dispute-changed`). A report without an open dispute is a 409; an unknown one a 404.
 */
import { computeShare, REPORT_DISPUTE_MESSAGES, type ReportDisputeResponse } from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import { eq } from 'drizzle-orm';
import type { RevenueConfig } from '../config.js';
import { reportDisputes, type PaymentPlanRow, type RevenueReportRow } from '../db/schema.js';
import { lockReportAndPlan } from '../admin/lock-report-and-plan.js';
import type { Executor } from '@platform/service-kit/db';
import { announceShareDue } from '../payments/announce-share-due.js';
import { updateReport } from '../reports/reports.repository.js';
import { refreshCustomerStatus } from '../standing/refresh-customer-status.js';
import { announceDispute } from './announce-dispute.js';
import { findDisputeOfReport, toReportDispute } from './disputes.repository.js';
import { recordDisputeChange, recordReportChange } from '../audit/record-audit.js';

export type DisputeAnswer =
  | {
      outcome: 'accepted';
      grossRevenue: number;
      businessExpenses: number;
      netRevenue: number;
      note?: string;
    }
  | { outcome: 'rejected'; reason: string };

export async function resolveDispute(
  deps: ServiceDeps<RevenueConfig>,
  options: { reportId: string; adminId: string; answer: DisputeAnswer; requestId?: string },
): Promise<ReportDisputeResponse> {
  const now = deps.clock.now();
  const { answer } = options;
  const dispute = await deps.db.transaction(async (tx) => {
    const locked = await lockReportAndPlan(tx, options.reportId);
    const open = await findDisputeOfReport(tx, locked.report.id);
    if (open?.status !== 'open') throw new AppError('conflict', REPORT_DISPUTE_MESSAGES.noOpenDispute);
    const report =
      answer.outcome === 'accepted'
        ? await correctFigures(tx, locked, answer, { deps, now, requestId: options.requestId })
        : locked.report;
    const [row] = await tx
      .update(reportDisputes)
      .set({
        status: answer.outcome,
        resolution: answer.outcome === 'accepted' ? (answer.note ?? null) : answer.reason,
        previousShareOwed: answer.outcome === 'accepted' ? locked.report.shareOwed : null,
        resolvedBy: options.adminId,
        resolvedAt: now,
      })
      .where(eq(reportDisputes.id, open.id))
      .returning();
    if (answer.outcome === 'accepted') {
      await recordReportChange(tx, {
        entity: 'report',
        action: 'corrected',
        actor: options.adminId,
        at: now,
        before: locked.report,
        after: report,
        reason: answer.note ?? null,
      });
    }
    await recordDisputeChange(tx, {
      action: answer.outcome,
      actor: options.adminId,
      before: open,
      after: row!,
    });
    await announceDispute(
      tx,
      { dispute: row!, report, plan: locked.plan, at: now },
      { clock: deps.clock, requestId: options.requestId },
    );
    return row!;
  });
  deps.logger.info(
    { reportId: options.reportId, disputeId: dispute.id, outcome: dispute.status, adminId: options.adminId },
    'revenue share dispute resolved',
  );
  return {
    success: true,
    message:
      answer.outcome === 'accepted' ? REPORT_DISPUTE_MESSAGES.accepted : REPORT_DISPUTE_MESSAGES.rejected,
    dispute: toReportDispute(dispute),
  };
}

async function correctFigures(
  tx: Executor,
  locked: { report: RevenueReportRow; plan: PaymentPlanRow },
  figures: { grossRevenue: number; businessExpenses: number; netRevenue: number },
  context: { deps: ServiceDeps<RevenueConfig>; now: Date; requestId?: string },
): Promise<RevenueReportRow> {
  const { revenueIncrease, shareOwed } = computeShare({
    netRevenue: figures.netRevenue,
    baselineNetRevenue: locked.report.baselineNetRevenue,
  });
  if (shareOwed < locked.report.amountPaid) throw new AppError('conflict', REPORT_DISPUTE_MESSAGES.belowPaid);
  const paid = locked.report.amountPaid >= shareOwed;
  const report = await updateReport(tx, locked.report.id, {
    grossRevenue: figures.grossRevenue,
    businessExpenses: figures.businessExpenses,
    netRevenue: figures.netRevenue,
    revenueIncrease,
    shareOwed,
    sharePaid: paid,
    sharePaidAt: paid ? (locked.report.sharePaidAt ?? context.now) : null,
    updatedAt: context.now,
  });
  const options = { clock: context.deps.clock, requestId: context.requestId };
  await announceShareDue(tx, report, locked.plan, options);
  await refreshCustomerStatus(tx, locked.plan, options);
  return report;
}

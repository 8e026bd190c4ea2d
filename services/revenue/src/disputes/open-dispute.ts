/**
 * `POST /api/revenue-reports/:id/dispute { reason }`: the owner disputes a verified share within
 * `DISPUTE_WINDOW_DAYS` of its verification, once per report. Another owner's report is a 404; a report
 * not verified, past the window or already disputed a 409. With the plan and the report locked (so two
 * requests at once see each other; the unique index on the report would stop a second row anyway), the
 * dispute is recorded and announced in one transaction. While it is open, the report's payment reminders
 * and its automatic collection wait.
 */
import { randomUUID } from 'node:crypto';
import {
  REPORT_DISPUTE_MESSAGES,
  REVENUE_ADMIN_MESSAGES,
  type ReportDisputeResponse,
} from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { RevenueConfig } from '../config.js';
import { reportDisputes } from '../db/schema.js';
import { lockReportAndPlan } from '../admin/lock-report-and-plan.js';
import { announceDispute } from './announce-dispute.js';
import { disputableUntil, findDisputeOfReport, toReportDispute } from './disputes.repository.js';
import { recordDisputeChange } from '../audit/record-audit.js';

export async function openDispute(
  deps: ServiceDeps<RevenueConfig>,
  options: { reportId: string; userId: string; reason: string; requestId?: string },
): Promise<ReportDisputeResponse> {
  const now = deps.clock.now();
  const dispute = await deps.db.transaction(async (tx) => {
    const { report, plan } = await lockReportAndPlan(tx, options.reportId);
    if (report.userId !== options.userId) {
      throw new AppError('not_found', REVENUE_ADMIN_MESSAGES.reportNotFound);
    }
    if (await findDisputeOfReport(tx, report.id)) {
      throw new AppError('conflict', REPORT_DISPUTE_MESSAGES.alreadyDisputed);
    }
    if (report.estimateClosedAt) throw new AppError('conflict', REPORT_DISPUTE_MESSAGES.estimateClosed);
    const until = disputableUntil(report);
    if (!report.verified || !until) throw new AppError('conflict', REPORT_DISPUTE_MESSAGES.notVerified);
    if (now.getTime() > until.getTime()) throw new AppError('conflict', REPORT_DISPUTE_MESSAGES.windowClosed);
    const [row] = await tx
      .insert(reportDisputes)
      .values({
        id: randomUUID(),
        reportId: report.id,
        userId: report.userId,
        reason: options.reason,
        status: 'open',
        openedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('conflict', REPORT_DISPUTE_MESSAGES.alreadyDisputed);
    await recordDisputeChange(tx, { action: 'opened', actor: report.userId, before: null, after: row });
    await announceDispute(
      tx,
      { dispute: row, report, plan, at: now },
      { clock: deps.clock, requestId: options.requestId },
    );
    return row;
  });
  deps.logger.info({ reportId: options.reportId, disputeId: dispute.id }, 'revenue share disputed');
  return { success: true, message: REPORT_DISPUTE_MESSAGES.opened, dispute: toReportDispute(dispute) };
}

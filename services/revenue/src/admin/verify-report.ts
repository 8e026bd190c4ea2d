/**
 * `POST /api/admin/verify-report/:id`: the admin checked the figures; the share is ready for collection.
 * Verifying twice changes nothing. A report whose share is 0 (no increase over the baseline) has nothing
 * to collect, so it is settled as it is verified. The standing is refreshed: a verified share already past
 * its due date makes the owner overdue at once.
 */
import { REVENUE_ADMIN_MESSAGES, type AdminReportActionResponse } from '@platform/contracts';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { RevenueConfig } from '../config.js';
import { adminReportView } from './admin-report-view.js';
import { lockReportAndPlan } from './lock-report-and-plan.js';
import { updateReportAndAnnounce } from '../reports/announce-report-change.js';

export async function verifyReport(
  deps: ServiceDeps<RevenueConfig>,
  options: { reportId: string; adminId: string; requestId?: string },
): Promise<AdminReportActionResponse> {
  const now = deps.clock.now();
  const { report, plan, changed } = await deps.db.transaction(async (tx) => {
    const locked = await lockReportAndPlan(tx, options.reportId);
    if (locked.report.verified) return { ...locked, changed: false };
    const settled = locked.report.shareOwed === 0;
    const report = await updateReportAndAnnounce(
      tx,
      locked,
      {
        verified: true,
        verifiedAt: now,
        ...(settled && { sharePaid: true, sharePaidAt: now }),
        updatedAt: now,
      },
      { entity: 'report', action: 'verified', actor: options.adminId, at: now },
      { clock: deps.clock, requestId: options.requestId },
    );
    return { report, plan: locked.plan, changed: true };
  });
  if (changed) deps.logger.info({ reportId: report.id, adminId: options.adminId }, 'revenue report verified');
  return {
    success: true,
    message: REVENUE_ADMIN_MESSAGES.verifiedText,
    report: await adminReportView(deps.db, report, plan, now),
  };
}

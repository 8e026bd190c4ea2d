/** One report as the admin's ledger shows it after an action, with its documents and dispute read afresh. */
import type { AdminRevenueReport } from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import type { PaymentPlanRow, RevenueReportRow } from '../db/schema.js';
import { findDisputeOfReport } from '../disputes/disputes.repository.js';
import { listDocumentsOfReports } from '../documents/documents.repository.js';
import { toAdminRevenueReport } from '../reports/to-report-views.js';

export async function adminReportView(
  db: Executor,
  report: RevenueReportRow,
  plan: PaymentPlanRow,
  now: Date,
): Promise<AdminRevenueReport> {
  const [documents, dispute] = await Promise.all([
    listDocumentsOfReports(db, [report.id]),
    findDisputeOfReport(db, report.id),
  ]);
  return toAdminRevenueReport(report, plan, now, documents.get(report.id) ?? [], dispute);
}

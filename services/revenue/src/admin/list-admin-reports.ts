/** The admin's report lists ('Pending Reports', 'Unpaid Revenue'): every report, newest submission first. */
import type { AdminRevenueReport } from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { disputesOfReports } from '../disputes/disputes.repository.js';
import { listDocumentsOfReports } from '../documents/documents.repository.js';
import { listPlans } from '../plans/plans.repository.js';
import { listAllReports } from '../reports/reports.repository.js';
import { toAdminRevenueReport } from '../reports/to-report-views.js';

export async function listAdminReports(db: Executor, now: Date): Promise<AdminRevenueReport[]> {
  const [plans, reports] = await Promise.all([listPlans(db), listAllReports(db)]);
  const owners = new Map(plans.map((plan) => [plan.userId, plan]));
  const ids = reports.map((report) => report.id);
  const [documents, disputes] = await Promise.all([
    listDocumentsOfReports(db, ids),
    disputesOfReports(db, ids),
  ]);
  return reports.map((report) =>
    toAdminRevenueReport(
      report,
      owners.get(report.userId),
      now,
      documents.get(report.id) ?? [],
      disputes.get(report.id) ?? null,
    ),
  );
}

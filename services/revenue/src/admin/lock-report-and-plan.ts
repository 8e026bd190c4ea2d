/** Locks a report and its plan, plan first (as a report's submission does), or answers 404. */
import { REVENUE_ADMIN_MESSAGES } from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import type { PaymentPlanRow, RevenueReportRow } from '../db/schema.js';
import { lockPlan } from '../plans/plans.repository.js';
import { findReport, lockReport } from '../reports/reports.repository.js';

export async function lockReportAndPlan(
  tx: Executor,
  reportId: string,
): Promise<{ report: RevenueReportRow; plan: PaymentPlanRow }> {
  const found = await findReport(tx, reportId);
  const plan = found ? await lockPlan(tx, found.paymentPlanId) : null;
  const report = plan ? await lockReport(tx, reportId) : null;
  if (!plan || !report) throw new AppError('not_found', REVENUE_ADMIN_MESSAGES.reportNotFound);
  return { report, plan };
}

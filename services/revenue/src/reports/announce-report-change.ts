/**
 * A report's share or payments changed (verified, paid offline or online, refunded): the change joins the
 * audit trail, what the report still owes is announced, and the owner's standing is refreshed, all in the
 * transaction of the change.
 */
import type { Executor } from '@platform/service-kit/db';
import { recordReportChange } from '../audit/record-audit.js';
import type { PaymentPlanRow, RevenueReportRow } from '../db/schema.js';
import { announceShareDue, type AnnounceOptions } from '../payments/announce-share-due.js';
import { refreshCustomerStatus } from '../standing/refresh-customer-status.js';
import { updateReport, type NewRevenueReportRow } from './reports.repository.js';

/** Writes `patch` to the locked `report` and announces the change; answers the report as it now stands. */
export async function updateReportAndAnnounce(
  tx: Executor,
  locked: { report: RevenueReportRow; plan: PaymentPlanRow },
  patch: Partial<NewRevenueReportRow>,
  change: Omit<Parameters<typeof recordReportChange>[1], 'before' | 'after'>,
  options: AnnounceOptions,
): Promise<RevenueReportRow> {
  const after = await updateReport(tx, locked.report.id, patch);
  await recordReportChange(tx, { ...change, before: locked.report, after });
  await announceShareDue(tx, after, locked.plan, options);
  await refreshCustomerStatus(tx, locked.plan, options);
  return after;
}

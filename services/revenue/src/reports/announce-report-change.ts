/**
 * A report's share or payments changed (verified, paid offline or online, refunded): the change joins the
 * audit trail, what the report still owes is announced, and the owner's standing is refreshed, all in the
 * transaction of the change.
 */
import type { Executor } from '@platform/service-kit/db';
import { recordReportChange } from '../audit/record-audit.js';
import type { PaymentPlanRow } from '../db/schema.js';
import { announceShareDue, type AnnounceOptions } from '../payments/announce-share-due.js';
import { refreshCustomerStatus } from '../standing/refresh-customer-status.js';

export async function announceReportChange(
  tx: Executor,
  change: Parameters<typeof recordReportChange>[1],
  plan: PaymentPlanRow,
  options: AnnounceOptions,
): Promise<void> {
  await recordReportChange(tx, change);
  await announceShareDue(tx, change.after, plan, options);
  await refreshCustomerStatus(tx, plan, options);
}

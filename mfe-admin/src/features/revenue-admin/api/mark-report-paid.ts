/**
 * `POST /api/admin/mark-paid/:id { amount }` (admin only): money for a verified share arrived outside the
 * site, in cents; a part is accepted, more than is still owed is refused with the server's words.
 */
import { AdminReportActionResponseSchema } from '@platform/contracts';
import type { AdminReportActionResponse, MarkPaidRequest } from '@platform/contracts';
import { apiRequest } from '@platform/ui';
import { useLedgerMutation } from './revenue-ledger-keys';

export type MarkPaidVariables = { reportId: string; request: MarkPaidRequest };

export async function markReportPaid({
  reportId,
  request,
}: MarkPaidVariables): Promise<AdminReportActionResponse> {
  const response = await apiRequest('POST', `/api/admin/mark-paid/${encodeURIComponent(reportId)}`, request);
  return AdminReportActionResponseSchema.parse(await response.json());
}

export function useMarkReportPaid() {
  return useLedgerMutation(markReportPaid);
}

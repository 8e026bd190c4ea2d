/**
 * The admin's answer to an owner's dispute (docs/behaviour/revenue-share.md#disputes; admin only):
 * `POST /api/admin/revenue-reports/:id/dispute/accept { grossRevenue, businessExpenses, netRevenue, note? }`
 * (cents; the server recomputes the share) or `…/dispute/reject { reason }`.
 */
import { ReportDisputeResponseSchema } from '@platform/contracts';
import type { AcceptDisputeRequest, RejectDisputeRequest, ReportDisputeResponse } from '@platform/contracts';
import { apiRequest } from '@platform/ui';
import { useLedgerMutation } from './revenue-ledger-keys';

export type ResolveDisputeVariables =
  | { reportId: string; outcome: 'accept'; request: AcceptDisputeRequest }
  | { reportId: string; outcome: 'reject'; request: RejectDisputeRequest };

export async function resolveDispute({
  reportId,
  outcome,
  request,
}: ResolveDisputeVariables): Promise<ReportDisputeResponse> {
  const response = await apiRequest(
    'POST',
    `/api/admin/revenue-reports/${encodeURIComponent(reportId)}/dispute/${outcome}`,
    request,
  );
  return ReportDisputeResponseSchema.parse(await response.json());
}

export function useResolveDispute() {
  return useLedgerMutation(resolveDispute);
}

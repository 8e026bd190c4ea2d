/**
 * `POST /api/admin/revenue-customers/:id/baseline { baselineNetRevenue, reason }` (admin only;
 * docs/decisions.md, 25): reports submitted afterwards use the new baseline; the change is recorded.
 */
import { CorrectBaselineResponseSchema } from '@platform/contracts';
import type { CorrectBaselineRequest, CorrectBaselineResponse } from '@platform/contracts';
import { apiRequest } from '@platform/ui';
import { useLedgerMutation } from './revenue-ledger-keys';

export type CorrectBaselineVariables = { customerId: string; request: CorrectBaselineRequest };

export async function correctBaseline({
  customerId,
  request,
}: CorrectBaselineVariables): Promise<CorrectBaselineResponse> {
  const response = await apiRequest(
    'POST',
    `/api/admin/revenue-customers/${encodeURIComponent(customerId)}/baseline`,
    request,
  );
  return CorrectBaselineResponseSchema.parse(await response.json());
}

export function useCorrectBaseline() {
  return useLedgerMutation(correctBaseline);
}

/**
 * `POST /api/admin/revenue-customers/:id/baseline { baselineNetRevenue, reason }` (admin only;
 * docs/decisions.md, 25): reports submitted afterwards use the new baseline; the change is recorded.
 */
import type { CorrectBaselineRequest, CorrectBaselineResponse } from '@platform/contracts';
import { changeRevenueCustomer, useLedgerMutation } from './revenue-ledger-keys';

export type CorrectBaselineVariables = { customerId: string; request: CorrectBaselineRequest };

export function correctBaseline(variables: CorrectBaselineVariables): Promise<CorrectBaselineResponse> {
  return changeRevenueCustomer('baseline', variables, (contracts) => contracts.CorrectBaselineResponseSchema);
}

export function useCorrectBaseline() {
  return useLedgerMutation(correctBaseline);
}

/**
 * `POST /api/admin/revenue-customers/:id/agreement-date { agreedAt, reason }` (admin only;
 * docs/decisions.md, 66): the owner's 30-day implementation period starts that day and the months to
 * report follow from it; the record is kept with the admin and the reason.
 */
import type { SetAgreementDateRequest, SetAgreementDateResponse } from '@platform/contracts';
import { changeRevenueCustomer, useLedgerMutation } from './revenue-ledger-keys';

export type SetAgreementDateVariables = { customerId: string; request: SetAgreementDateRequest };

export function setAgreementDate(variables: SetAgreementDateVariables): Promise<SetAgreementDateResponse> {
  return changeRevenueCustomer(
    'agreement-date',
    variables,
    (contracts) => contracts.SetAgreementDateResponseSchema,
  );
}

export function useSetAgreementDate() {
  return useLedgerMutation(setAgreementDate);
}

/**
 * `POST /api/admin/revenue-customers/:id/agreement-date { agreedAt, reason }` (admin only;
 * docs/decisions.md, 66): the owner's 30-day implementation period starts that day and the months to
 * report follow from it; the record is kept with the admin and the reason.
 */
import { SetAgreementDateResponseSchema } from '@platform/contracts';
import type { SetAgreementDateRequest, SetAgreementDateResponse } from '@platform/contracts';
import { apiRequest } from '@platform/ui';
import { useLedgerMutation } from './revenue-ledger-keys';

export type SetAgreementDateVariables = { customerId: string; request: SetAgreementDateRequest };

export async function setAgreementDate({
  customerId,
  request,
}: SetAgreementDateVariables): Promise<SetAgreementDateResponse> {
  const response = await apiRequest(
    'POST',
    `/api/admin/revenue-customers/${encodeURIComponent(customerId)}/agreement-date`,
    request,
  );
  return SetAgreementDateResponseSchema.parse(await response.json());
}

export function useSetAgreementDate() {
  return useLedgerMutation(setAgreementDate);
}

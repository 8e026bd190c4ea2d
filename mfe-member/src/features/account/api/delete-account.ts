/**
 * Deleting one's own account (auth service; docs/behaviour/accounts.md#your-data-export-and-deletion):
 * `DELETE /api/account` with the password; resolves with the server's message, rejects with the
 * `ApiError` of a refusal (a wrong password names the field).
 */
import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountRequest } from '@platform/contracts';
import { requestParsed } from '@platform/ui';

/** Where the browser downloads the zip of everything kept about the person (written by the gateway). */
export const ACCOUNT_EXPORT_URL = '/api/account/export';

export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (request: DeleteAccountRequest) =>
      (
        await requestParsed(
          'DELETE',
          '/api/account',
          request,
          (contracts) => contracts.AccountActionResponseSchema,
        )
      ).message,
  });
}

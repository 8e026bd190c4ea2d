/**
 * The account page's changes (auth service; docs/behaviour/accounts.md#account-page): the name, the
 * password, the e-mail (a link to the new address) and the link's confirmation. Each rejects with the
 * `ApiError` of a refusal, whose field issues the forms show beside their fields.
 */
import type {
  ChangeEmailRequest,
  ChangePasswordRequest,
  ConfirmEmailRequest,
  UpdateProfileRequest,
} from '@platform/contracts';
import { AUTH_USER_QUERY_KEY, apiRequest, useRefreshingMutation } from '@platform/ui';

async function send(method: 'POST' | 'PATCH', url: string, body: unknown): Promise<string> {
  const response = await apiRequest(method, url, body);
  const { AccountActionResponseSchema } = await import('@platform/contracts');
  const parsed = AccountActionResponseSchema.partial().safeParse(await response.json());
  return parsed.success ? (parsed.data.message ?? '') : '';
}

/** A change that alters what the signed-in user looks like: the session's user is read again after it. */
function useAccountChange<Input>(method: 'POST' | 'PATCH', url: string) {
  return useRefreshingMutation((input: Input) => send(method, url, input), {
    refreshes: [AUTH_USER_QUERY_KEY],
    after: 'success',
  });
}

export const useUpdateProfile = () => useAccountChange<UpdateProfileRequest>('PATCH', '/api/auth/account');
export const useChangePassword = () =>
  useAccountChange<ChangePasswordRequest>('POST', '/api/auth/change-password');
export const useChangeEmail = () => useAccountChange<ChangeEmailRequest>('POST', '/api/auth/change-email');
export const useConfirmEmail = () => useAccountChange<ConfirmEmailRequest>('POST', '/api/auth/confirm-email');

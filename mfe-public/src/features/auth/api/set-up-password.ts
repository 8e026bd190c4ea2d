/** `POST /api/auth/setup-password`: sets a password with the token of a set-password e-mail. */
import { useMutation } from '@tanstack/react-query';
import type { SetupPasswordRequest } from '@platform/contracts';
import { ApiError, apiRequest } from '@platform/ui';
import type { RefusedOutcome } from '@platform/ui';

export type SetUpPasswordOutcome = { ok: true } | RefusedOutcome;

/** Success is an OK answer; rejects only when there is no answer (network down). */
export async function setUpPassword(input: SetupPasswordRequest): Promise<SetUpPasswordOutcome> {
  try {
    await apiRequest('POST', '/api/auth/setup-password', input);
    return { ok: true };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, ...error.toFailure() };
    throw error;
  }
}

export function useSetUpPassword() {
  return useMutation({ mutationFn: setUpPassword });
}

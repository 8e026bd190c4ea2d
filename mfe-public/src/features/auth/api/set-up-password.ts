/** `POST /api/auth/setup-password`: sets a password with the token of a set-password e-mail. */
import { useMutation } from '@tanstack/react-query';
import type { SetupPasswordRequest } from '@platform/contracts';
import { apiRequest, readApiFailure } from '@platform/ui';
import type { RefusedOutcome } from '@platform/ui';

export type SetUpPasswordOutcome = { ok: true } | RefusedOutcome;

/** Success is an OK answer; rejects only when there is no answer (network down). */
export async function setUpPassword(input: SetupPasswordRequest): Promise<SetUpPasswordOutcome> {
  try {
    await apiRequest('POST', '/api/auth/setup-password', input);
    return { ok: true };
  } catch (error) {
    const failure = readApiFailure(error);
    if (failure) return { ok: false, ...failure };
    throw error;
  }
}

export function useSetUpPassword() {
  return useMutation({ mutationFn: setUpPassword });
}

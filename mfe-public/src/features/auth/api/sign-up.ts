/** `POST /api/auth/signup`: creates the account and signs it in; a refusal carries the server's message. */
import { useMutation } from '@tanstack/react-query';
import type { SignupRequest } from '@platform/contracts';
import { apiRequest, readApiFailure } from '@platform/ui';
import type { RefusedOutcome } from '@platform/ui';

export type SignUpOutcome = { ok: true } | RefusedOutcome;

/** Success is the OK status (spec §7); rejects only when there is no answer (network down). */
export async function signUp(input: SignupRequest): Promise<SignUpOutcome> {
  try {
    await apiRequest('POST', '/api/auth/signup', input);
    return { ok: true };
  } catch (error) {
    const failure = readApiFailure(error);
    if (failure) return { ok: false, ...failure };
    throw error;
  }
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}

/** `POST /api/auth/signup`: creates the account and signs it in; a refusal carries the server's message. */
import { useMutation } from '@tanstack/react-query';
import type { SignupRequest } from '@platform/contracts';
import { ApiError, apiRequest } from '@platform/ui';
import type { RefusedOutcome } from '@platform/ui';

export type SignUpOutcome = { ok: true } | RefusedOutcome;

/**
 * Success is the OK status (docs/behaviour/accounts.md#api-calls); rejects only when there is no answer
 * (network down).
 */
export async function signUp(input: SignupRequest): Promise<SignUpOutcome> {
  try {
    await apiRequest('POST', '/api/auth/signup', input);
    return { ok: true };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, ...error.toFailure() };
    throw error;
  }
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}

/** `POST /api/auth/signup`: creates the account and signs it in; a refusal carries the server's message. */
import { useMutation } from '@tanstack/react-query';
import type { SignupRequest } from '@platform/contracts';
import { sendForOutcome } from '@platform/ui';
import type { SentOutcome } from '@platform/ui';

export type SignUpOutcome = SentOutcome;

/**
 * Success is the OK status (docs/behaviour/accounts.md#api-calls); rejects only when there is no answer
 * (network down).
 */
export function signUp(input: SignupRequest): Promise<SignUpOutcome> {
  return sendForOutcome('POST', '/api/auth/signup', input);
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}

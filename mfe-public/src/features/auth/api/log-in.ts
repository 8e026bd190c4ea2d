/** `POST /api/auth/login`: a refused sign-in (401, 429) is an outcome the form shows, not an exception. */
import { useMutation } from '@tanstack/react-query';
import { LoginResponseSchema } from '@platform/contracts';
import type { LoginRequest } from '@platform/contracts';
import { ApiError, apiRequest } from '@platform/ui';
import type { RefusedOutcome } from '@platform/ui';

export type LogInOutcome = { ok: true } | RefusedOutcome;

/** Resolves with the outcome; rejects only when there is no answer to read (network down, a bad body). */
export async function logIn(input: LoginRequest): Promise<LogInOutcome> {
  try {
    const response = await apiRequest('POST', '/api/auth/login', input);
    const body = LoginResponseSchema.parse(await response.json());
    return body.success
      ? { ok: true }
      : { ok: false, status: response.status, message: body.message || null, issues: [] };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, ...error.toFailure() };
    throw error;
  }
}

export function useLogIn() {
  return useMutation({ mutationFn: logIn });
}

/**
 * `POST /api/auth/forgot-password` (docs/decisions.md, 12): the answer is the same whether or not the address
 * has an account and never carries a token; the set-password link travels only by e-mail.
 */
import { useMutation } from '@tanstack/react-query';
import { ForgotPasswordResponseSchema } from '@platform/contracts';
import type { ForgotPasswordRequest } from '@platform/contracts';
import { ApiError, apiRequest } from '@platform/ui';

export type PasswordResetOutcome = { ok: true; message: string } | { ok: false; message: string | null };

export async function requestPasswordReset(input: ForgotPasswordRequest): Promise<PasswordResetOutcome> {
  try {
    const response = await apiRequest('POST', '/api/auth/forgot-password', input);
    const body = ForgotPasswordResponseSchema.safeParse(await response.json());
    return { ok: true, message: body.success ? body.data.message : '' };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, message: error.serverMessage };
    throw error;
  }
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

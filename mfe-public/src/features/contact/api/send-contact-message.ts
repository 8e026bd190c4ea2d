/**
 * `POST /api/contact` (docs/decisions.md, 22): stored and e-mailed to support; a refusal carries the server's
 * words.
 */
import { useMutation } from '@tanstack/react-query';
import type { ContactRequest } from '@platform/contracts';
import { ApiError, apiRequest } from '@platform/ui';
import type { RefusedOutcome } from '@platform/ui';

export type SendContactOutcome = { ok: true } | RefusedOutcome;

/** Rejects only when there is no answer (network down). */
export async function sendContactMessage(input: ContactRequest): Promise<SendContactOutcome> {
  try {
    await apiRequest('POST', '/api/contact', input);
    return { ok: true };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, ...error.toFailure() };
    throw error;
  }
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}

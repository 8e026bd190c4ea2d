/**
 * `POST /api/contact` (docs/decisions.md, 22): stored and e-mailed to support; a refusal carries the server's
 * words.
 */
import { useMutation } from '@tanstack/react-query';
import type { ContactRequest } from '@platform/contracts';
import { sendForOutcome } from '@platform/ui';
import type { SentOutcome } from '@platform/ui';

export type SendContactOutcome = SentOutcome;

/** Rejects only when there is no answer (network down). */
export function sendContactMessage(input: ContactRequest): Promise<SendContactOutcome> {
  return sendForOutcome('POST', '/api/contact', input);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}

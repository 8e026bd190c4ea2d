/** `POST /api/auth/setup-password`: sets a password with the token of a set-password e-mail. */
import { useMutation } from '@tanstack/react-query';
import type { SetupPasswordRequest } from '@platform/contracts';
import { sendForOutcome } from '@platform/ui';
import type { SentOutcome } from '@platform/ui';

export type SetUpPasswordOutcome = SentOutcome;

/** Success is an OK answer; rejects only when there is no answer (network down). */
export function setUpPassword(input: SetupPasswordRequest): Promise<SetUpPasswordOutcome> {
  return sendForOutcome('POST', '/api/auth/setup-password', input);
}

export function useSetUpPassword() {
  return useMutation({ mutationFn: setUpPassword });
}

/**
 * `POST /api/consultation` (step 1): saves the business information and opens step 2. Sent under the
 * `requestId` the form keeps for its values, a step 1 sent again after a lost answer is the same request.
 */
import { useMutation } from '@tanstack/react-query';
import { ConsultationResponseSchema } from '@platform/contracts';
import type { ConsultationRequest, ConsultationResponse } from '@platform/contracts';
import { ApiError, apiRequest } from '@platform/ui';
import type { RefusedOutcome } from '@platform/ui';

export type SubmitConsultationOutcome = { ok: true; data: ConsultationResponse } | RefusedOutcome;

/** Rejects only when there is no usable answer (network down, an answer that is not the contract's). */
export async function submitConsultation(input: ConsultationRequest): Promise<SubmitConsultationOutcome> {
  let res: Response;
  try {
    res = await apiRequest('POST', '/api/consultation', input);
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, ...error.toFailure() };
    throw error;
  }
  return { ok: true, data: ConsultationResponseSchema.parse(await res.json()) };
}

export function useSubmitConsultation() {
  return useMutation({ mutationFn: submitConsultation });
}

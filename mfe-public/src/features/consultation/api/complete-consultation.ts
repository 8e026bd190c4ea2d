/**
 * `POST /api/consultation/:id/complete` ('Complete Submission & Send Confirmation'): success is an OK answer;
 * it says whether the signed-in caller's My Consultations lists the request (where the page goes next).
 */
import { useMutation } from '@tanstack/react-query';
import { CompleteConsultationResponseSchema, UPLOAD_TOKEN_HEADER } from '@platform/contracts';
import { apiRequest } from '@platform/ui';

export async function completeConsultation({
  submissionId,
  uploadToken,
}: {
  submissionId: string;
  uploadToken: string;
}): Promise<{ inMyConsultations: boolean }> {
  const res = await apiRequest(
    'POST',
    `/api/consultation/${encodeURIComponent(submissionId)}/complete`,
    {},
    { headers: { [UPLOAD_TOKEN_HEADER]: uploadToken } },
  );
  // Completed either way: an answer not the contract's only loses where to go next.
  const parsed = CompleteConsultationResponseSchema.safeParse(await res.json().catch(() => null));
  return { inMyConsultations: parsed.success && parsed.data.inMyConsultations };
}

export function useCompleteConsultation() {
  return useMutation({ mutationFn: completeConsultation });
}

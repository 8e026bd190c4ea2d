/** `POST /api/consultation/:id/complete` ('Complete Submission & Send Confirmation'); success is an OK answer. */
import { useMutation } from '@tanstack/react-query';
import { UPLOAD_TOKEN_HEADER } from '@platform/contracts';
import { apiRequest } from '@platform/ui';

export async function completeConsultation({
  submissionId,
  uploadToken,
}: {
  submissionId: string;
  uploadToken: string;
}): Promise<void> {
  await apiRequest(
    'POST',
    `/api/consultation/${encodeURIComponent(submissionId)}/complete`,
    {},
    { headers: { [UPLOAD_TOKEN_HEADER]: uploadToken } },
  );
}

export function useCompleteConsultation() {
  return useMutation({ mutationFn: completeConsultation });
}

/** `POST /api/consultation/:id/complete` ('Complete Submission & Send Confirmation'); success is an OK answer. */
import { useMutation } from '@tanstack/react-query';
import { UPLOAD_TOKEN_HEADER } from '@platform/contracts';

export async function completeConsultation({
  submissionId,
  uploadToken,
}: {
  submissionId: string;
  uploadToken: string;
}): Promise<void> {
  const res = await fetch(`/api/consultation/${encodeURIComponent(submissionId)}/complete`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [UPLOAD_TOKEN_HEADER]: uploadToken },
    body: '{}',
    credentials: 'include',
  });
  if (!res.ok) throw new Error(`${res.status}: ${await res.text().catch(() => res.statusText)}`);
}

export function useCompleteConsultation() {
  return useMutation({ mutationFn: completeConsultation });
}

/**
 * `GET /api/consultation/:id/progress`: whether the request this device remembers is still open. Authorised by
 * its upload token, like the uploads.
 */
import { useQuery } from '@tanstack/react-query';
import { ConsultationProgressSchema, UPLOAD_TOKEN_HEADER } from '@platform/contracts';
import type { ConsultationProgress } from '@platform/contracts';
import { apiRequest } from '@platform/ui';
import type { SavedSubmission } from '../lib/draft-storage';

export async function getConsultationProgress({
  submissionId,
  uploadToken,
}: SavedSubmission): Promise<ConsultationProgress> {
  const res = await apiRequest(
    'GET',
    `/api/consultation/${encodeURIComponent(submissionId)}/progress`,
    undefined,
    {
      headers: { [UPLOAD_TOKEN_HEADER]: uploadToken },
    },
  );
  return ConsultationProgressSchema.parse(await res.json());
}

export function useConsultationProgress(submission: SavedSubmission) {
  return useQuery({
    queryKey: ['/api/consultation/progress', submission.submissionId],
    queryFn: () => getConsultationProgress(submission),
    retry: false,
    staleTime: 0,
  });
}

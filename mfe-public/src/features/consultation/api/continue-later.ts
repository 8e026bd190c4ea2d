/**
 * `POST /api/consultation/:id/continue-later` ('Continue Later'): the owner is e-mailed a link back to step 2.
 * Authorised by the step-1 upload token (or an e-mailed link's), like the uploads.
 */
import { useMutation } from '@tanstack/react-query';
import { ContinueLaterResponseSchema, UPLOAD_TOKEN_HEADER } from '@platform/contracts';
import type { ContinueLaterResponse } from '@platform/contracts';
import { apiRequest } from '@platform/ui';

export async function continueLater({
  submissionId,
  uploadToken,
}: {
  submissionId: string;
  uploadToken: string;
}): Promise<ContinueLaterResponse> {
  const res = await apiRequest(
    'POST',
    `/api/consultation/${encodeURIComponent(submissionId)}/continue-later`,
    {},
    { headers: { [UPLOAD_TOKEN_HEADER]: uploadToken } },
  );
  return ContinueLaterResponseSchema.parse(await res.json());
}

export function useContinueLater() {
  return useMutation({ mutationFn: continueLater });
}

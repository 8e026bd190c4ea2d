/**
 * `POST /api/revenue-reports/:id/documents` (docs/behaviour/revenue-share.md#supporting-documents): the
 * chosen files in the `files` field; the server decides each file's type from its bytes. Rejects with the
 * `ApiError` of a refusal (400 nothing accepted, 413 too many or too large) or an `UploadTransportError`.
 * Either way the owner's history is read again.
 */
import type { AttachReportDocumentsResponse } from '@platform/contracts';
import { parseAnswer, useRefreshingMutation } from '@platform/ui';
import { appendUploadFile, sendWithProgress } from '@platform/ui/upload-progress';
import { MY_REVENUE_REPORTS_QUERY_KEY } from './get-my-revenue-reports';

export async function attachReportDocuments(
  reportId: string,
  files: readonly File[],
): Promise<AttachReportDocumentsResponse> {
  const body = new FormData();
  for (const file of files) appendUploadFile(body, 'files', file);
  const sent = sendWithProgress({
    url: `/api/revenue-reports/${encodeURIComponent(reportId)}/documents`,
    body,
  });
  return parseAnswer(
    sent.then((answer) => answer.body),
    (contracts) => contracts.AttachReportDocumentsResponseSchema,
  );
}

export function useAttachReportDocuments() {
  return useRefreshingMutation(
    ({ reportId, files }: { reportId: string; files: readonly File[] }) =>
      attachReportDocuments(reportId, files),
    { refreshes: [MY_REVENUE_REPORTS_QUERY_KEY] },
  );
}

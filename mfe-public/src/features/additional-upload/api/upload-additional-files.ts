/**
 * `POST /api/consultation/:id/additional-files`: one request of up to MAX_FILES_PER_REQUEST files in
 * the fields `images`, `videos` and `documents`, authorised by the e-mailed link's token or the owner's
 * session, with the bytes sent reported as they go.
 */
import { UPLOAD_TOKEN_HEADER } from '@platform/contracts';
import { ApiError } from '@platform/ui';
import { appendUploadFile, sendWithProgress } from '@platform/ui/upload-progress';
import type { ChosenFile } from '../lib/additional-files';
import { readBatchAnswer, readBatchRefusal } from '../lib/upload-answer';
import type { BatchOutcome } from '../lib/upload-answer';

export type UploadAdditionalFilesInput = {
  submissionId: string;
  /** null: the signed-in owner's session authorises the upload. */
  uploadToken: string | null;
  files: readonly ChosenFile[];
  onProgress: (loaded: number, total: number) => void;
  signal?: AbortSignal;
};

/** Rejects with `UploadTransportError` when no answer came. */
export async function uploadAdditionalFiles({
  submissionId,
  uploadToken,
  files,
  onProgress,
  signal,
}: UploadAdditionalFilesInput): Promise<BatchOutcome> {
  const body = new FormData();
  for (const chosen of files) appendUploadFile(body, chosen.field, chosen.file, chosen.name);
  try {
    const answer = await sendWithProgress({
      url: `/api/consultation/${encodeURIComponent(submissionId)}/additional-files`,
      body,
      headers: uploadToken ? { [UPLOAD_TOKEN_HEADER]: uploadToken } : {},
      onProgress,
      signal,
    });
    return readBatchAnswer(answer);
  } catch (error) {
    if (error instanceof ApiError) return readBatchRefusal(error);
    throw error;
  }
}

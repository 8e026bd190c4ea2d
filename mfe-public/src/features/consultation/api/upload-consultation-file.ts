/**
 * `POST /api/consultation/:id/upload` for one file: multipart `fileType` then `files`, authorised by the
 * step-1 upload token (docs/decisions.md, 16), with the bytes sent reported as they go.
 */
import { UPLOAD_TOKEN_HEADER } from '@platform/contracts';
import type { ConsultationFileKind } from '@platform/contracts';
import { ApiError, UploadTransportError, sendWithProgress } from '@platform/ui';
import { readFileUploadAnswer, readFileUploadRefusal } from '../lib/upload-answer';
import type { FileUploadOutcome } from '../lib/upload-answer';

export type UploadConsultationFileInput = {
  submissionId: string;
  uploadToken: string;
  kind: ConsultationFileKind;
  file: File;
  onProgress: (loaded: number, total: number) => void;
  signal?: AbortSignal;
};

export async function uploadConsultationFile({
  submissionId,
  uploadToken,
  kind,
  file,
  onProgress,
  signal,
}: UploadConsultationFileInput): Promise<FileUploadOutcome> {
  const body = new FormData();
  // The server gives each file the kind of the `fileType` part before it.
  body.append('fileType', kind);
  body.append('files', file, file.name);
  try {
    const answer = await sendWithProgress({
      url: `/api/consultation/${encodeURIComponent(submissionId)}/upload`,
      body,
      headers: { [UPLOAD_TOKEN_HEADER]: uploadToken },
      onProgress,
      signal,
    });
    return readFileUploadAnswer(answer, file.name);
  } catch (error) {
    if (error instanceof ApiError) return readFileUploadRefusal(error, file.name);
    if (error instanceof UploadTransportError) return { kind: 'transport', failure: error.kind };
    console.error('Upload failed:', error);
    return { kind: 'error' };
  }
}

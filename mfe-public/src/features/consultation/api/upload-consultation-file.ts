/**
 * One file of step 2, authorised by the step-1 upload token (docs/decisions.md, 16), with the bytes sent
 * reported as they go. The walkthrough video and other large files go through the resumable upload
 * (`/api/uploads`, purpose `consultation`; docs/decisions.md, 29), which survives a dropped connection and
 * can pause; the rest in one request, `POST /api/consultation/:id/upload` (multipart `fileType` then
 * `files`). Either way the file ends up in the submission's list.
 */
import { UPLOAD_TOKEN_HEADER } from '@platform/contracts';
import type { ConsultationFileKind } from '@platform/contracts';
import { ApiError } from '@platform/ui';
import { UploadTransportError, appendUploadFile, sendWithProgress } from '@platform/ui/upload-progress';
import { startResumableUpload } from '@platform/ui/resumable-upload';
import { uploadsResumably } from '../lib/file-rules';
import {
  readFileUploadAnswer,
  readFileUploadRefusal,
  readResumableUploadAnswer,
  readResumableUploadRefusal,
} from '../lib/upload-answer';
import type { FileUploadOutcome } from '../lib/upload-answer';
import type { TransferState } from '../lib/upload-queue';

/** Pausing, resuming or cancelling a resumable upload while it is on its way. */
export type TransferControls = { pause: () => void; resume: () => void; cancel: () => void };

export type UploadConsultationFileInput = {
  submissionId: string;
  uploadToken: string;
  kind: ConsultationFileKind;
  file: File;
  onProgress: (loaded: number, total: number) => void;
  /** A resumable upload's state, and its controls once it started. */
  onTransfer?: (transfer: TransferState) => void;
  onControls?: (controls: TransferControls) => void;
  signal?: AbortSignal;
};

export async function uploadConsultationFile(input: UploadConsultationFileInput): Promise<FileUploadOutcome> {
  try {
    return uploadsResumably(input.kind, input.file.size)
      ? await uploadResumably(input)
      : await uploadInOneRequest(input);
  } catch (error) {
    console.error('Upload failed:', error);
    return { kind: 'error' };
  }
}

async function uploadInOneRequest({
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
  appendUploadFile(body, 'files', file);
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
    throw error;
  }
}

async function uploadResumably({
  submissionId,
  uploadToken,
  kind,
  file,
  onProgress,
  onTransfer,
  onControls,
  signal,
}: UploadConsultationFileInput): Promise<FileUploadOutcome> {
  if (signal?.aborted) return { kind: 'transport', failure: 'aborted' };
  const upload = startResumableUpload({
    file,
    metadata: { purpose: 'consultation', submissionId, fileType: kind },
    headers: { [UPLOAD_TOKEN_HEADER]: uploadToken },
    resumeKey: `consultation-${submissionId}-${kind}`,
    onProgress,
    onStatus: onTransfer,
  });
  onControls?.({ pause: upload.pause, resume: upload.resume, cancel: upload.cancel });
  // Leaving the page stops sending; what the server holds waits for the same file to be chosen again.
  let onAbort = () => undefined as void;
  const left = new Promise<never>((_resolve, reject) => {
    onAbort = () => {
      upload.pause();
      reject(new UploadTransportError('aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return readResumableUploadAnswer(await Promise.race([upload.done, left]));
  } catch (error) {
    if (error instanceof ApiError) return readResumableUploadRefusal(error);
    if (error instanceof UploadTransportError) return { kind: 'transport', failure: error.kind };
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

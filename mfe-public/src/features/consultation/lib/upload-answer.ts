/**
 * Reads the answer to one file's upload (contracts `upload-files.ts`) and turns failures into the
 * toasts of docs/behaviour/consultation-and-contact.md#step-2-uploads.
 */
import {
  ConsultationUploadResultSchema,
  UploadFilesResponseSchema,
  UploadRejectedResponseSchema,
  UPLOAD_MESSAGES,
} from '@platform/contracts';
import type { ApiError } from '@platform/ui';
import type { TransportFailure, UploadAnswer } from '@platform/ui/upload-progress';

export type FileUploadOutcome =
  | { kind: 'stored'; path: string | null }
  | { kind: 'refused'; reason: string }
  /** A non-OK answer that is not a refusal of the file (401, 403, 404, 413, 5xx…). */
  | { kind: 'failed'; status: number; message: string | null }
  /** An OK answer whose body is not the contract's. */
  | { kind: 'bad-response' }
  | { kind: 'transport'; failure: TransportFailure }
  /** Anything else that went wrong in the browser. */
  | { kind: 'error' };

function findRefusal(rejected: { fileName: string; reason: string }[], fileName: string): string | null {
  return (rejected.find((entry) => entry.fileName === fileName) ?? rejected[0])?.reason ?? null;
}

/** One file was sent and the answer is OK: stored, or refused with the server's reason. */
export function readFileUploadAnswer({ body }: UploadAnswer, fileName: string): FileUploadOutcome {
  const parsed = UploadFilesResponseSchema.safeParse(body);
  if (!parsed.success) return { kind: 'bad-response' };
  if (parsed.data.files.length === 0) {
    const reason = findRefusal(parsed.data.rejected, fileName);
    return reason ? { kind: 'refused', reason } : { kind: 'bad-response' };
  }
  return { kind: 'stored', path: parsed.data.files[0] ?? null };
}

/** One file was sent and the answer is not OK: refused with the server's reason (400), or failed. */
export function readFileUploadRefusal(error: ApiError, fileName: string): FileUploadOutcome {
  if (error.status === 400) {
    const parsed = UploadRejectedResponseSchema.safeParse(error.body);
    const reason = parsed.success ? findRefusal(parsed.data.rejected, fileName) : null;
    if (reason) return { kind: 'refused', reason };
  }
  return { kind: 'failed', status: error.status, message: error.serverMessage };
}

/** A resumable upload finished: the file is stored when the answer is the contract's. */
export function readResumableUploadAnswer({ body }: UploadAnswer): FileUploadOutcome {
  const parsed = ConsultationUploadResultSchema.safeParse(body);
  return parsed.success ? { kind: 'stored', path: parsed.data.file.path } : { kind: 'bad-response' };
}

/**
 * A resumable upload was refused: the file itself (its content, 415, or its size, 413) with the server's
 * reason, or the request (a lost right, a bad request…).
 */
export function readResumableUploadRefusal(error: ApiError): FileUploadOutcome {
  if ((error.status === 415 || error.status === 413) && error.serverMessage)
    return { kind: 'refused', reason: error.serverMessage };
  return { kind: 'failed', status: error.status, message: error.serverMessage };
}

export type UploadToast = { title: string; description: string };

export const UPLOAD_TIMEOUT_DESCRIPTION = 'Upload timeout - file may be too large or connection too slow';
export const NETWORK_ERROR_DESCRIPTION = 'Please check your connection and try again.';

/** The toast for a failed upload of `{type}` ('photos', 'video', 'menu'); null for a success. */
export function describeUploadFailure(outcome: FileUploadOutcome, type: string): UploadToast | null {
  switch (outcome.kind) {
    case 'stored':
      return null;
    case 'refused':
    case 'failed':
      return { title: UPLOAD_MESSAGES.failedTitle, description: UPLOAD_MESSAGES.failedDescription(type) };
    case 'bad-response':
      return {
        title: UPLOAD_MESSAGES.responseErrorTitle,
        description: UPLOAD_MESSAGES.responseErrorDescription,
      };
    case 'transport':
      if (outcome.failure === 'timeout')
        return { title: UPLOAD_MESSAGES.failedTitle, description: UPLOAD_TIMEOUT_DESCRIPTION };
      return { title: UPLOAD_MESSAGES.networkErrorTitle, description: NETWORK_ERROR_DESCRIPTION };
    case 'error':
      return { title: UPLOAD_MESSAGES.failedTitle, description: UPLOAD_MESSAGES.genericErrorDescription };
  }
}

/** The reason listed beside a file that did not make it. */
export function describeFileProblem(outcome: FileUploadOutcome): string | null {
  switch (outcome.kind) {
    case 'stored':
      return null;
    case 'refused':
      return outcome.reason;
    case 'failed':
      return outcome.message ?? `Upload failed (${outcome.status})`;
    case 'bad-response':
      return UPLOAD_MESSAGES.responseErrorDescription;
    case 'transport':
      return outcome.failure === 'timeout'
        ? UPLOAD_TIMEOUT_DESCRIPTION
        : outcome.failure === 'aborted'
          ? 'Upload cancelled'
          : 'Network error during upload';
    case 'error':
      return UPLOAD_MESSAGES.genericErrorDescription;
  }
}

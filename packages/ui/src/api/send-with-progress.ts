/**
 * One multipart upload through `XMLHttpRequest`, because `fetch` cannot report upload progress: the bar
 * moves with `xhr.upload.onprogress`, never with a timer. Resolves with an OK answer; rejects with the
 * `ApiError` every API call rejects with for any other answer, and with an `UploadTransportError` when no
 * answer came.
 */
// From the root entry: this file is in its own shared entry (upload-progress), and one ApiError class
// serves every page.
import { ApiError, readAnswerBody } from '@platform/ui';

/** An upload may take up to 15 minutes. */
export const UPLOAD_TIMEOUT_MS = 900_000;

export type TransportFailure = 'network' | 'timeout' | 'aborted';

export class UploadTransportError extends Error {
  constructor(readonly kind: TransportFailure) {
    super(`Upload ${kind}`);
    this.name = 'UploadTransportError';
  }
}

/** An OK answer: its status and body (parsed JSON, or the text when it is not JSON). */
export type UploadAnswer = { status: number; body: unknown };

/** How an upload settles once an answer came: resolved when OK (2xx), the `ApiError` otherwise. */
export function settleUploadAnswer(status: number, responseText: string, statusText = ''): UploadAnswer {
  if (status < 200 || status >= 300) throw new ApiError(status, responseText, statusText);
  return { status, body: readAnswerBody(responseText) };
}

export type SendWithProgressOptions = {
  url: string;
  body: FormData;
  headers?: Record<string, string>;
  onProgress?: (loaded: number, total: number) => void;
  timeoutMs?: number;
  signal?: AbortSignal;
};

export function sendWithProgress({
  url,
  body,
  headers = {},
  onProgress,
  timeoutMs = UPLOAD_TIMEOUT_MS,
  signal,
}: SendWithProgressOptions): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadTransportError('aborted'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.timeout = timeoutMs;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      settle();
      try {
        resolve(settleUploadAnswer(xhr.status, xhr.responseText, xhr.statusText));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => {
      settle();
      reject(new UploadTransportError('network'));
    };
    xhr.ontimeout = () => {
      settle();
      reject(new UploadTransportError('timeout'));
    };
    xhr.onabort = () => {
      settle();
      reject(new UploadTransportError('aborted'));
    };
    xhr.send(body);
  });
}

/**
 * One multipart upload through `XMLHttpRequest`, because `fetch` cannot report upload progress: the bar
 * moves with `xhr.upload.onprogress`, never with a timer. Resolves with any answer (the caller reads the
 * status); rejects with an `UploadTransportError` when no answer came.
 */

/** member-and-admin §9: an upload may take up to 15 minutes. */
export const UPLOAD_TIMEOUT_MS = 900_000;

export type TransportFailure = 'network' | 'timeout' | 'aborted';

export class UploadTransportError extends Error {
  constructor(readonly kind: TransportFailure) {
    super(`Upload ${kind}`);
    this.name = 'UploadTransportError';
  }
}

export type UploadAnswer = { status: number; bodyText: string };

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
      resolve({ status: xhr.status, bodyText: xhr.responseText });
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

/**
 * `@platform/ui/resumable-upload`: one large file sent with the tus 1.0.0 protocol to `/api/uploads`
 * (docs/decisions.md, 29) through `tus-js-client`, for every page that uploads large files (the admin's
 * lesson videos, the consultation's walkthrough video). Its own entry, so pages without uploads never
 * download the client.
 *
 * - **Progress** is what the browser reports sending (`xhr.upload`), plus what the server already held.
 * - **Dropped connections:** a failed request is retried after 0, 1, 3, 5, 10 and 20 s, each time from
 *   the server's offset; while the browser is offline the upload waits for the network and then goes on
 *   by itself. An upload cut short in an earlier visit continues from the server's offset when the same
 *   file is chosen again for the same destination (`resumeKey`).
 * - **Pause/resume:** pausing stops sending and keeps what the server holds; resuming asks the server
 *   where it stands and continues.
 * - **Timeout:** the upload gives up when the server has taken no new byte for 15 minutes
 *   (UPLOAD_TIMEOUT_MS), paused time excepted.
 * - **Settles** with the final answer (the completing PATCH's JSON, or, when that answer was lost, the same
 *   JSON from `GET /api/uploads/{id}/result`), or rejects with `ApiError` (the server refused: its status,
 *   status text and message) or `UploadTransportError` ('network', 'timeout' or 'aborted').
 */
import { Upload, type DetailedError, type HttpResponse } from 'tus-js-client';
import { ApiError } from '@platform/ui';
import { UPLOAD_TIMEOUT_MS, UploadTransportError, type UploadAnswer } from '@platform/ui/upload-progress';

export const RESUMABLE_UPLOADS_ENDPOINT = '/api/uploads';

/** Bytes per PATCH: a dropped connection costs at most one piece. */
export const RESUMABLE_CHUNK_BYTES = 8 * 1024 * 1024;

/** Waits before each retry of a failed request while online. */
export const RESUMABLE_RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000];

/** What the upload is doing, for the page to say so. */
export type ResumableUploadStatus = 'uploading' | 'paused' | 'waiting-for-network' | 'finishing';

export type ResumableUploadOptions = {
  file: File;
  /** The purpose's metadata (`purpose`, …); `filename` and `filetype` come from the file. */
  metadata: Record<string, string>;
  /** Sent with every request (e.g. `X-Upload-Token`). */
  headers?: Record<string, string>;
  /** Where this file goes (e.g. the submission): the same file for another destination is another upload. */
  resumeKey: string;
  onProgress?: (loaded: number, total: number) => void;
  onStatus?: (status: ResumableUploadStatus) => void;
  endpoint?: string;
  chunkSize?: number;
  /** Without a new byte accepted for this long, the upload gives up ('timeout'). */
  stallTimeoutMs?: number;
  retryDelays?: number[];
};

export type ResumableUploadHandle = {
  /** The final answer (status and parsed JSON body), or the refusal or transport failure. */
  done: Promise<UploadAnswer>;
  pause: () => void;
  resume: () => void;
  /** Stops and removes what the server holds; `done` rejects with 'aborted'. */
  cancel: () => void;
};

type Failure = Partial<Pick<DetailedError, 'originalResponse'>> & { message: string };

/** The error `done` rejects with for a failure tus-js-client reports. */
export function toUploadError(failure: Failure): ApiError | UploadTransportError {
  const response = failure.originalResponse ?? null;
  const status = response?.getStatus() ?? 0;
  if (!response || status === 0) return new UploadTransportError('network');
  return new ApiError(status, response.getBody() ?? '', readStatusText(response));
}

function readStatusText(response: HttpResponse): string {
  const underlying = response.getUnderlyingObject() as { statusText?: unknown } | null;
  return typeof underlying?.statusText === 'string' ? underlying.statusText : '';
}

function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** Whether tus-js-client should retry a failed request: server trouble and lost connections, while online. */
export function shouldRetry(failure: Failure, online: boolean): boolean {
  if (!online) return false;
  const status = failure.originalResponse?.getStatus() ?? 0;
  return status === 0 || status >= 500 || status === 409 || status === 423;
}

export function startResumableUpload(options: ResumableUploadOptions): ResumableUploadHandle {
  const { file, onProgress, onStatus } = options;
  const stallTimeoutMs = options.stallTimeoutMs ?? UPLOAD_TIMEOUT_MS;
  const headers = { Accept: 'application/json', ...options.headers };
  let settled = false;
  let paused = false;
  let stallTimer: ReturnType<typeof setTimeout> | null = null;
  let waitingForNetwork = false;

  let resolveDone: (answer: UploadAnswer) => void = () => undefined;
  let rejectDone: (error: unknown) => void = () => undefined;
  const done = new Promise<UploadAnswer>((resolve, reject) => {
    resolveDone = resolve;
    rejectDone = reject;
  });

  const setStatus = (status: ResumableUploadStatus) => onStatus?.(status);

  function cleanUp() {
    settled = true;
    if (stallTimer) clearTimeout(stallTimer);
    if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
  }
  function fail(error: unknown) {
    if (settled) return;
    cleanUp();
    rejectDone(error);
  }
  function succeed(answer: UploadAnswer) {
    if (settled) return;
    cleanUp();
    resolveDone(answer);
  }

  /** (Re)starts the 15-minute watch; it runs while the upload is meant to be moving. */
  function watchForStall() {
    if (stallTimer) clearTimeout(stallTimer);
    if (paused || settled) return;
    stallTimer = setTimeout(() => {
      void upload.abort(false);
      fail(new UploadTransportError('timeout'));
    }, stallTimeoutMs);
  }

  function onOnline() {
    if (!waitingForNetwork || settled) return;
    waitingForNetwork = false;
    window.removeEventListener('online', onOnline);
    if (!paused) {
      setStatus('uploading');
      upload.start();
    }
  }

  function waitForNetwork() {
    waitingForNetwork = true;
    setStatus('waiting-for-network');
    window.addEventListener('online', onOnline);
    // It may have come back between the failure and now.
    if (isOnline()) onOnline();
  }

  async function readFinalAnswer(lastResponse: HttpResponse): Promise<UploadAnswer> {
    const status = lastResponse.getStatus();
    const text = lastResponse.getBody() ?? '';
    if (status === 200 && text.trim() !== '') return { status, body: parseJson(text) };
    // The completing PATCH's answer was lost (the upload was found complete on resuming): ask again.
    setStatus('finishing');
    const response = await fetch(`${upload.url}/result`, { headers, credentials: 'include' });
    const body = await response.text();
    if (!response.ok) throw new ApiError(response.status, body, response.statusText);
    return { status: response.status, body: parseJson(body) };
  }

  const upload: Upload = new Upload(file, {
    endpoint: options.endpoint ?? RESUMABLE_UPLOADS_ENDPOINT,
    chunkSize: options.chunkSize ?? RESUMABLE_CHUNK_BYTES,
    retryDelays: options.retryDelays ?? RESUMABLE_RETRY_DELAYS_MS,
    headers,
    metadata: { filename: file.name, filetype: file.type || 'application/octet-stream', ...options.metadata },
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    fingerprint: async (source) => {
      const chosen = source as File;
      return ['tus-br', options.resumeKey, chosen.name, chosen.type, chosen.size, chosen.lastModified].join(
        '-',
      );
    },
    onProgress: (sent, total) => {
      watchForStall();
      onProgress?.(sent, total);
    },
    onShouldRetry: (failure) => shouldRetry(failure, isOnline()),
    onSuccess: ({ lastResponse }) => {
      readFinalAnswer(lastResponse).then(succeed, (error: unknown) =>
        fail(error instanceof ApiError ? error : new UploadTransportError('network')),
      );
    },
    onError: (failure) => {
      if (settled || paused) return;
      if (!('originalResponse' in failure && failure.originalResponse) && !isOnline()) {
        waitForNetwork();
        return;
      }
      fail(toUploadError(failure));
    },
  });

  void (async () => {
    try {
      const previous = await upload.findPreviousUploads();
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    } catch {
      // Nothing remembered (storage blocked): a new upload.
    }
    if (settled || paused) return;
    setStatus('uploading');
    watchForStall();
    if (isOnline()) upload.start();
    else waitForNetwork();
  })();

  return {
    done,
    pause: () => {
      if (settled || paused) return;
      paused = true;
      if (stallTimer) clearTimeout(stallTimer);
      setStatus('paused');
      void upload.abort(false);
    },
    resume: () => {
      if (settled || !paused) return;
      paused = false;
      setStatus('uploading');
      watchForStall();
      if (isOnline()) {
        waitingForNetwork = false;
        upload.start();
      } else {
        waitForNetwork();
      }
    },
    cancel: () => {
      if (settled) return;
      void upload.abort(true).catch(() => undefined);
      fail(new UploadTransportError('aborted'));
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

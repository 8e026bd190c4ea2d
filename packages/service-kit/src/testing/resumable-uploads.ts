/**
 * Test helpers for resumable (tus) uploads: a real client (tus-js-client, as the browser uses) and a
 * PATCH cut off mid-way, the way a dropped connection leaves an upload.
 */
import http from 'node:http';
import { Upload, type HttpRequest } from 'tus-js-client';
import { waitFor } from './system.js';

export interface TusUploadOptions {
  /** `<service url>/api/uploads`. */
  endpoint: string;
  /** An upload to continue (absolute), instead of creating one. */
  uploadUrl?: string;
  /** Sent with every request (the gateway's internal token, `X-Upload-Token`, …). */
  headers: Record<string, string>;
  metadata: Record<string, string>;
  chunkSize?: number;
  /** Told the `Upload-Offset` and URL of every PATCH, before it goes. */
  onPatch?(offset: number, url: string): void;
}

export interface TusUploadAnswer {
  /** The upload's absolute URL. */
  url: string;
  status: number;
  body: string;
}

export interface TusUploadRefusal {
  status: number;
  body: string;
  contentType: string;
  /** The upload's URL when it was created before the refusal. */
  url: string | null;
}

/** Uploads `bytes` with tus-js-client, without retries; resolves with the final answer. */
export function tusUpload(bytes: Buffer, options: TusUploadOptions): Promise<TusUploadAnswer> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(bytes, {
      endpoint: options.endpoint,
      ...(options.uploadUrl && { uploadUrl: options.uploadUrl }),
      chunkSize: options.chunkSize ?? 64 * 1024,
      headers: options.headers,
      metadata: options.metadata,
      retryDelays: [],
      onBeforeRequest: (request: HttpRequest) => {
        if (request.getMethod() === 'PATCH') {
          options.onPatch?.(Number(request.getHeader('Upload-Offset')), request.getURL());
        }
      },
      onSuccess: ({ lastResponse }) =>
        resolve({ url: upload.url!, status: lastResponse.getStatus(), body: lastResponse.getBody() ?? '' }),
      onError: reject,
    });
    upload.start();
  });
}

/** The same upload expected to be refused: the refusing answer (throws if it succeeded or got none). */
export async function tusUploadRefused(bytes: Buffer, options: TusUploadOptions): Promise<TusUploadRefusal> {
  let url: string | null = null;
  type Failure = {
    originalResponse?: { getStatus(): number; getBody(): string; getHeader(name: string): string } | null;
    message?: string;
  };
  const failure = await tusUpload(bytes, {
    ...options,
    onPatch: (offset, patchUrl) => {
      url = patchUrl;
      options.onPatch?.(offset, patchUrl);
    },
  }).then(
    (done): never => {
      throw new Error(`the upload was not refused: ${done.status} ${done.body}`);
    },
    (error: Failure) => error,
  );
  const response = failure.originalResponse;
  if (!response) throw new Error(`the upload failed without an answer: ${failure.message ?? ''}`);
  return {
    status: response.getStatus(),
    body: response.getBody(),
    contentType: response.getHeader('Content-Type') ?? '',
    url,
  };
}

export interface InterruptedPatchOptions {
  /** The upload's absolute URL. */
  url: string;
  headers: Record<string, string>;
  /** The whole file. */
  bytes: Buffer;
  /** The server's `Upload-Offset` when the PATCH starts. */
  from: number;
  /** How far the PATCH gets before the connection drops. */
  to: number;
  /** How many bytes the server holds so far (e.g. the size of the upload's file on its disk). */
  heldBytes(): Promise<number>;
}

/**
 * A PATCH that announces the rest of the file, sends the bytes up to `to`, and is cut off once the server
 * holds them: a connection dropping mid-upload.
 */
export async function sendInterruptedPatch(options: InterruptedPatchOptions): Promise<void> {
  const { bytes, from, to } = options;
  if (!(from < to && to < bytes.length)) throw new Error(`cannot interrupt between ${from} and ${to}`);
  const request = http.request(options.url, {
    method: 'PATCH',
    agent: false,
    headers: {
      ...options.headers,
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': String(from),
      'Content-Type': 'application/offset+octet-stream',
      'Content-Length': String(bytes.length - from),
    },
  });
  request.on('error', () => undefined);
  request.write(bytes.subarray(from, to));
  await waitFor(options.heldBytes, (held) => held >= to, `the server to hold ${to} bytes`, 15_000);
  request.destroy();
}

/** A raw HTTP client for tests: no automatic decompression, no connection reuse, headers as sent. */
import http from 'node:http';
import type { Readable } from 'node:stream';
import { expect } from '@jest/globals';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text(): string;
  json(): unknown;
}

export interface RawRequestOptions {
  method?: string;
  headers?: http.OutgoingHttpHeaders;
  body?: string | Buffer | Readable;
  /** The address the client's socket is bound to (e.g. `127.0.0.2`), as another machine would connect. */
  localAddress?: string;
}

export function request(url: string, options: RawRequestOptions = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: options.method ?? 'GET',
      headers: options.headers,
      agent: false,
      ...(options.localAddress && { localAddress: options.localAddress }),
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('aborted', () => reject(new Error('response aborted')));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body,
          text: () => body.toString('utf8'),
          json: () => JSON.parse(body.toString('utf8')) as unknown,
        });
      });
    });
    const body = options.body;
    if (body === undefined) req.end();
    else if (typeof body === 'string' || Buffer.isBuffer(body)) req.end(body);
    else body.pipe(req);
  });
}

/**
 * Expects `response` to be a whole MP4 sent for playing in the page: 200 with exactly `video`, the
 * video's type, inline, its length, `cacheControl`, nosniff, byte ranges offered and an ETag.
 */
export function expectWholeVideo(response: RawResponse, video: Buffer, cacheControl: string): void {
  expect(response.status).toBe(200);
  expect(response.body.equals(video)).toBe(true);
  expect(response.headers).toMatchObject({
    'content-type': 'video/mp4',
    'content-disposition': 'inline',
    'content-length': String(video.length),
    'cache-control': cacheControl,
    'x-content-type-options': 'nosniff',
    'accept-ranges': 'bytes',
  });
  expect(response.headers.etag).toEqual(expect.any(String));
}

/** A small GET that reads a JSON answer from an upstream, with a deadline. */
import http from 'node:http';
import https from 'node:https';
import type { UpstreamAgent } from './upstream-agents.js';
import { UpstreamError } from './upstream.errors.js';

const MAX_BODY_BYTES = 64 * 1024;

export interface GetJsonOptions {
  /** Names the upstream in errors. */
  upstream: string;
  headers?: Record<string, string>;
  timeoutMs: number;
  agent?: UpstreamAgent;
  /** The largest answer read (64 KB unless told). */
  maxBodyBytes?: number;
}

export interface JsonAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** `undefined` when the body was not JSON. */
  body: unknown;
}

export function getJson(url: string, options: GetJsonOptions): Promise<JsonAnswer> {
  const target = new URL(url);
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: UpstreamError) => {
      if (settled) return;
      settled = true;
      request.destroy();
      reject(error);
    };
    const request = transport.request(target, {
      method: 'GET',
      headers: { accept: 'application/json', ...options.headers },
      ...(options.agent ? { agent: options.agent } : {}),
    });
    const deadline = setTimeout(
      () => fail(new UpstreamError(options.upstream, 'timeout')),
      options.timeoutMs,
    );
    request.on('error', (cause) => fail(new UpstreamError(options.upstream, 'unavailable', { cause })));
    request.on('close', () => clearTimeout(deadline));
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > (options.maxBodyBytes ?? MAX_BODY_BYTES)) {
          fail(new UpstreamError(options.upstream, 'unavailable', { cause: new Error('answer too large') }));
          return;
        }
        chunks.push(chunk);
      });
      response.on('error', (cause) => fail(new UpstreamError(options.upstream, 'unavailable', { cause })));
      response.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        let body: unknown;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          body = undefined;
        }
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
      });
    });
    request.end();
  });
}

/**
 * Brotli or gzip for text, JSON and scripts, as the browser's Accept-Encoding allows, only where it pays:
 * never for media, archives, fonts or other already-compressed types, binary downloads or byte ranges (a
 * compressed 206 would not match its Content-Range), nor for streams a browser reads as they arrive (event
 * streams), which compression would hold back; never for answers under 1 KB; never again for what is
 * already encoded (the front ends' precompressed files, front-end/precompressed.ts).
 *
 * Two ways in: `compressResponses()` wraps an answer the gateway makes itself (built files without a
 * precompressed copy, /remotes.json); `compressUpstreamAnswers` decides for a proxied answer once the
 * service's headers are in, so the small JSON most API calls return passes without any wrapper.
 */
import type { IncomingMessage } from 'node:http';
import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';
import type { Plugin } from 'http-proxy-middleware';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

// An allow-list: mime-db calls application/octet-stream compressible, which uploads and videos are not;
// images (but SVG), video, audio, zip, pdf and woff2 are compressed already.
const COMPRESSIBLE =
  /^\s*(?:text\/(?!event-stream)[\w.+-]+|application\/(?:json|javascript|x-javascript|xml|wasm|[\w.-]+\+(?:json|xml))|image\/svg\+xml)\s*(?:;|$)/i;

export function isCompressibleType(contentType: string): boolean {
  return COMPRESSIBLE.test(contentType);
}

export function compressResponses(): RequestHandler {
  return compression({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    filter: (_req, res) => {
      if (res.getHeader('content-range') !== undefined) return false;
      const acceptRanges = res.getHeader('accept-ranges');
      if (acceptRanges !== undefined && String(acceptRanges).toLowerCase() !== 'none') return false;
      return isCompressibleType(String(res.getHeader('content-type') ?? ''));
    },
  });
}

/** Whether a proxied answer, by its own headers, may be worth compressing for this request. */
export function mayCompressUpstream(req: IncomingMessage, upstream: IncomingMessage): boolean {
  if (req.method === 'HEAD') return false;
  const status = upstream.statusCode ?? 0;
  if (status === 204 || status === 206 || status === 304) return false;
  const headers = upstream.headers;
  const encoding = headers['content-encoding'];
  if (encoding !== undefined && encoding.toLowerCase() !== 'identity') return false;
  if (headers['content-range'] !== undefined) return false;
  if (!isCompressibleType(headers['content-type'] ?? '')) return false;
  const length = headers['content-length'];
  return length === undefined || Number(length) >= COMPRESSION_THRESHOLD_BYTES;
}

/**
 * http-proxy-middleware plugin: compression joins a proxied answer only when `mayCompressUpstream` says
 * so, just before the answer's headers are copied and its body piped to the browser.
 */
export function compressUpstreamAnswers(): Plugin<Request, Response> {
  const compress = compressResponses();
  const noop = () => {};
  return (proxy) => {
    proxy.on('proxyRes', (proxyRes, req, res) => {
      if (res.headersSent || !mayCompressUpstream(req, proxyRes)) return;
      void compress(req, res, noop);
    });
  };
}

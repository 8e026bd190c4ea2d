/**
 * Brotli or gzip for text, JSON and scripts, as the browser's Accept-Encoding allows. Never for media,
 * binary downloads or byte ranges (a compressed 206 would not match its Content-Range), nor for streams
 * a browser reads as they arrive (event streams), which compression would hold back.
 */
import compression from 'compression';
import type { RequestHandler } from 'express';

// An allow-list: mime-db now calls application/octet-stream compressible, which uploads and videos are not.
const COMPRESSIBLE =
  /^\s*(?:text\/(?!event-stream)[\w.+-]+|application\/(?:json|javascript|x-javascript|xml|wasm|[\w.-]+\+(?:json|xml))|image\/svg\+xml)\s*(?:;|$)/i;

export function isCompressibleType(contentType: string): boolean {
  return COMPRESSIBLE.test(contentType);
}

export function compressResponses(): RequestHandler {
  return compression({
    threshold: 1024,
    filter: (_req, res) => {
      if (res.getHeader('content-range') !== undefined) return false;
      const acceptRanges = res.getHeader('accept-ranges');
      if (acceptRanges !== undefined && String(acceptRanges).toLowerCase() !== 'none') return false;
      return isCompressibleType(String(res.getHeader('content-type') ?? ''));
    },
  });
}

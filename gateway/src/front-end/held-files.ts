/**
 * Precompressed copies of content-hashed built files, held in memory once sent (docs/decisions.md, 57). A
 * content-hashed name never gets other content (a new build writes a new name), so the bytes, type and
 * validators read for the first request answer the next ones with one write, ahead of the routers
 * (precompressed.ts, `serveHeldCopies`): no stat, open, read or close per request. The answer is the one
 * precompressed.ts gives from disk: the same headers (ETag and Last-Modified from the copy's stat), 304
 * for a fresh If-None-Match or If-Modified-Since, HEAD without the body.
 *
 * Bounded: only copies up to MAX_HELD_FILE_BYTES, MAX_HELD_TOTAL_BYTES in all (the oldest let go first),
 * only under the plain URL path they were sent for. A held copy is checked against the disk again (one
 * stat, by the path that sends from disk) once it was last checked REVALIDATE_MS ago, so a copy removed or
 * rewritten by hand is noticed within that time. Everything else takes the path from disk: byte ranges
 * (bytes of the original), If-Match and If-Unmodified-Since, files whose names carry no hash (index.html,
 * remoteEntry.js, the manifests: revalidated by browsers at every use) and what is not held yet.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fresh from 'fresh';

export type PrecompressedEncoding = 'br' | 'gzip';

export const MAX_HELD_FILE_BYTES = 1024 * 1024;
export const MAX_HELD_TOTAL_BYTES = 32 * 1024 * 1024;
export const REVALIDATE_MS = 1_000;

/** One copy as it is answered: the bytes and every header the path from disk sets for them. */
export interface HeldCopy {
  body: Buffer;
  contentType: string;
  encoding: PrecompressedEncoding;
  cacheControl: string;
  etag: string;
  lastModified: string;
  /** The copy's stat when it was read: a later stat that differs means other bytes. */
  size: number;
  mtimeMs: number;
  /** When the disk last confirmed it (performance.now()). */
  checkedAt: number;
}

// A plain absolute path: no percent-encoding, no dot segment, no empty segment. Only such a path is the
// key of a held copy, so one file is held once, whatever other spellings reach it.
const PLAIN_PATH = /^(?:\/[\w-][\w.-]*)+$/;

export class HeldFiles {
  private readonly copies = new Map<string, HeldCopy>();
  private totalBytes = 0;

  constructor(
    private readonly limits = { fileBytes: MAX_HELD_FILE_BYTES, totalBytes: MAX_HELD_TOTAL_BYTES },
  ) {}

  /** Whether a copy of this size may be held under this URL path. */
  accepts(urlPath: string, bytes: number): boolean {
    return bytes <= this.limits.fileBytes && PLAIN_PATH.test(urlPath);
  }

  get(urlPath: string, encoding: PrecompressedEncoding): HeldCopy | undefined {
    return this.copies.get(keyOf(urlPath, encoding));
  }

  hold(urlPath: string, copy: HeldCopy): void {
    if (!this.accepts(urlPath, copy.body.length)) return;
    const key = keyOf(urlPath, copy.encoding);
    this.forget(urlPath, copy.encoding);
    for (const [oldest, held] of this.copies) {
      if (this.totalBytes + copy.body.length <= this.limits.totalBytes) break;
      this.copies.delete(oldest);
      this.totalBytes -= held.body.length;
    }
    this.copies.set(key, copy);
    this.totalBytes += copy.body.length;
  }

  forget(urlPath: string, encoding: PrecompressedEncoding): void {
    const key = keyOf(urlPath, encoding);
    const held = this.copies.get(key);
    if (!held) return;
    this.copies.delete(key);
    this.totalBytes -= held.body.length;
  }

  /** Held bytes in all (for tests). */
  get size(): number {
    return this.totalBytes;
  }

  /** The copy of `urlPath` in `encoding` if the disk confirmed it within REVALIDATE_MS. */
  recent(urlPath: string, encoding: PrecompressedEncoding): HeldCopy | undefined {
    if (this.copies.size === 0) return undefined;
    const copy = this.copies.get(keyOf(urlPath, encoding));
    return copy && performance.now() - copy.checkedAt < REVALIDATE_MS ? copy : undefined;
  }
}

const keyOf = (urlPath: string, encoding: PrecompressedEncoding) => `${encoding}:${urlPath}`;

/**
 * The copy as `send` answers it from disk (precompressed.ts): 200 with its headers and bytes, HEAD
 * without the bytes, 304 without the content headers when the browser's validators match.
 */
export function answerWithCopy(req: IncomingMessage, res: ServerResponse, copy: HeldCopy): void {
  res.setHeader('content-type', copy.contentType);
  res.setHeader('content-encoding', copy.encoding);
  varyByEncoding(res);
  res.setHeader('cache-control', copy.cacheControl);
  res.setHeader('last-modified', copy.lastModified);
  res.setHeader('etag', copy.etag);
  const conditional =
    req.headers['if-none-match'] !== undefined || req.headers['if-modified-since'] !== undefined;
  if (conditional && fresh(req.headers, { etag: copy.etag, 'last-modified': copy.lastModified })) {
    res.removeHeader('content-type');
    res.removeHeader('content-encoding');
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('content-length', copy.body.length);
  if (req.method === 'HEAD') res.end();
  else res.end(copy.body);
}

/** Adds `Accept-Encoding` to the answer's `Vary`, once (as Express's `res.vary`). */
export function varyByEncoding(res: ServerResponse): void {
  const vary = res.getHeader('vary');
  const names = vary === undefined ? [] : String(vary).split(/\s*,\s*/);
  if (names.includes('*') || names.some((name) => name.toLowerCase() === 'accept-encoding')) return;
  res.setHeader('vary', [...names, 'Accept-Encoding'].join(', '));
}

/**
 * Serves one ObjectStore object over HTTP the way media players and browsers expect: byte ranges
 * (`206`, `416`), validators (`ETag`, `Last-Modified`), conditional requests (`304`, `412`, `If-Range`),
 * HEAD, and safe `Content-Type` / `Content-Disposition` / `nosniff`. The bytes are streamed from the
 * store (`get(key, range)`), never read whole into memory.
 *
 * Choices (RFC 9110 allows each):
 * - A `Range` asking for several ranges is ignored and the whole object is sent (`200`): players ask for
 *   one range at a time, and multipart/byteranges answers only cost memory and code.
 * - A syntactically invalid `Range` is ignored (`200`); a valid one that misses the object is `416`.
 * - `HEAD` ignores `Range` (range handling is defined for GET only) and answers as a full GET would.
 */
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { AppError } from '../errors.js';
import {
  ObjectNotFoundError,
  RangeNotSatisfiableError,
  type ObjectInfo,
  type ObjectStore,
} from '../storage/types.js';

export interface ServeObjectOptions {
  store: ObjectStore;
  key: string;
  /** The object's metadata when the caller has just looked it up (saves one round trip). */
  info?: ObjectInfo;
  /** Defaults to the type stored with the object. */
  contentType?: string;
  /** `inline` (default) or `attachment`; `filename` is added when given. */
  disposition?: 'inline' | 'attachment';
  filename?: string;
  /** Default `private, no-cache` (revalidate every time), right for files only some callers may see. */
  cacheControl?: string;
  /** Extra response headers (e.g. a Content-Security-Policy for SVG). */
  headers?: Record<string, string>;
  /** Message of the 404 when the object does not exist. */
  notFoundMessage?: string;
}

export interface ByteSpan {
  start: number;
  /** Inclusive. */
  end: number;
}

const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  ogv: 'video/ogg',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  heic: 'image/heic',
  svg: 'image/svg+xml',
};

/** The media type for a file name's extension, or undefined when it is not one we know. */
export function contentTypeForFileName(fileName: string): string | undefined {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? undefined : CONTENT_TYPES[fileName.slice(dot + 1).toLowerCase()];
}

/** `attachment; filename="menu.pdf"`, with an RFC 8187 `filename*` when the name is not plain ASCII. */
export function contentDisposition(type: 'inline' | 'attachment', filename?: string): string {
  if (!filename) return type;
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  if (fallback === filename) return `${type}; filename="${filename}"`;
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Reads a `Range` header against an object of `size` bytes: the one span to send, `'unsatisfiable'`
 * (answer 416), or null to ignore the header and send everything (absent, invalid, or several ranges).
 */
export function parseRangeHeader(
  header: string | undefined,
  size: number,
): ByteSpan | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^\s*bytes\s*=(.*)$/i.exec(header);
  if (!match) return null;
  const specs = match[1]!
    .split(',')
    .map((spec) => spec.trim())
    .filter((spec) => spec !== '');
  if (specs.length !== 1) return null;
  const parts = /^(\d*)\s*-\s*(\d*)$/.exec(specs[0]!);
  if (!parts) return null;
  const [, first = '', last = ''] = parts;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  if (end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

/** The `ETag` header value for a store's etag: strong unless the store marked it weak. */
export function formatEtag(etag: string): string {
  return etag.startsWith('W/') ? `W/"${etag.slice(2)}"` : `"${etag}"`;
}

/** Entity tags of an `If-Match` / `If-None-Match` header; `['*']` for a star. */
function parseEtagList(header: string): string[] {
  return header.match(/(?:W\/)?"[^"]*"|\*/g) ?? [];
}

const isWeak = (tag: string) => tag.startsWith('W/');
const opaque = (tag: string) => (isWeak(tag) ? tag.slice(2) : tag);

/**
 * Whether an `If-None-Match` header names the current tag (the weak comparison, RFC 9110 13.1.2, which
 * `If-None-Match` always uses; `*` names any): the request already holds it, and a GET or HEAD is a `304`.
 */
export function matchesWeakly(header: string, current: string): boolean {
  return parseEtagList(header).some((tag) => tag === '*' || opaque(tag) === opaque(current));
}

function matchesStrongly(header: string, current: string): boolean {
  if (isWeak(current)) return parseEtagList(header).includes('*');
  return parseEtagList(header).some((tag) => tag === '*' || (!isWeak(tag) && tag === current));
}

/** Seconds since the epoch of an HTTP date, or null when the header is absent or not a date. */
function httpDateSeconds(header: string | undefined): number | null {
  if (!header) return null;
  const ms = Date.parse(header);
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

type Precondition = 'proceed' | 'not-modified' | 'failed';

/** RFC 9110, section 13.2.2, in its order. */
function evaluatePreconditions(req: Request, etag: string, modifiedSeconds: number | null): Precondition {
  const ifMatch = req.get('if-match');
  if (ifMatch !== undefined) {
    if (!matchesStrongly(ifMatch, etag)) return 'failed';
  } else {
    const unmodifiedSince = httpDateSeconds(req.get('if-unmodified-since'));
    if (unmodifiedSince !== null && modifiedSeconds !== null && modifiedSeconds > unmodifiedSince)
      return 'failed';
  }
  const ifNoneMatch = req.get('if-none-match');
  if (ifNoneMatch !== undefined) {
    return matchesWeakly(ifNoneMatch, etag) ? 'not-modified' : 'proceed';
  }
  const modifiedSince = httpDateSeconds(req.get('if-modified-since'));
  if (modifiedSince !== null && modifiedSeconds !== null && modifiedSeconds <= modifiedSince)
    return 'not-modified';
  return 'proceed';
}

/** `If-Range`: the range applies only while the object is still the one the client has part of. */
function ifRangeHolds(req: Request, etag: string, modifiedSeconds: number | null): boolean {
  const ifRange = req.get('if-range')?.trim();
  if (ifRange === undefined) return true;
  if (ifRange.startsWith('"') || ifRange.startsWith('W/')) {
    return !isWeak(ifRange) && !isWeak(etag) && ifRange === etag;
  }
  const date = httpDateSeconds(ifRange);
  return date !== null && modifiedSeconds !== null && date === modifiedSeconds;
}

const MAX_ATTEMPTS = 3;

/**
 * Answers `req` (GET or HEAD) with the object at `key`. Throws AppError `not_found` when it does not
 * exist and `range_not_satisfiable` (with `Content-Range: bytes *\/size`) for a range past its end.
 */
export async function serveObject(req: Request, res: Response, options: ServeObjectOptions): Promise<void> {
  const { store, key } = options;
  const notFound = () => new AppError('not_found', options.notFoundMessage ?? 'File not found');
  let info = options.info ?? (await store.stat(key));

  // The object may be replaced between the lookup and the read; then decide again on the new one.
  for (let attempt = 1; ; attempt++) {
    if (!info) throw notFound();
    const etag = formatEtag(info.etag);
    const modifiedMs = info.lastModified.getTime();
    const modifiedSeconds = Number.isNaN(modifiedMs) ? null : Math.floor(modifiedMs / 1000);
    const validators: Record<string, string> = {
      ETag: etag,
      'Cache-Control': options.cacheControl ?? 'private, no-cache',
      'Accept-Ranges': 'bytes',
    };
    if (modifiedSeconds !== null) validators['Last-Modified'] = info.lastModified.toUTCString();

    const precondition = evaluatePreconditions(req, etag, modifiedSeconds);
    if (precondition === 'failed') {
      res.status(412).json({ message: 'Precondition failed' });
      return;
    }
    if (precondition === 'not-modified') {
      res.status(304).set(validators).end();
      return;
    }

    const rangeHeader = req.method === 'GET' ? req.get('range') : undefined;
    const span =
      rangeHeader !== undefined && ifRangeHolds(req, etag, modifiedSeconds)
        ? parseRangeHeader(rangeHeader, info.size)
        : null;
    if (span === 'unsatisfiable') {
      throw new AppError('range_not_satisfiable', 'Range not satisfiable', undefined, {
        'Accept-Ranges': 'bytes',
        'Content-Range': `bytes */${info.size}`,
      });
    }

    const headers: Record<string, string> = {
      ...validators,
      'Content-Type': options.contentType ?? info.contentType,
      'Content-Disposition': contentDisposition(options.disposition ?? 'inline', options.filename),
      'X-Content-Type-Options': 'nosniff',
      ...options.headers,
    };
    if (req.method === 'HEAD') {
      res
        .status(200)
        .set({ ...headers, 'Content-Length': String(info.size) })
        .end();
      return;
    }

    let result;
    try {
      result = await store.get(key, span ?? undefined);
    } catch (error) {
      if (error instanceof ObjectNotFoundError) throw notFound();
      // The object shrank since the lookup: look again.
      if (error instanceof RangeNotSatisfiableError && attempt < MAX_ATTEMPTS) {
        info = await store.stat(key);
        continue;
      }
      throw error;
    }
    if (result.info.etag !== info.etag) {
      result.body.destroy();
      if (attempt >= MAX_ATTEMPTS) throw new AppError('unavailable', 'The file is being replaced; try again');
      info = result.info;
      continue;
    }

    const sent = result.range ?? span;
    if (sent) {
      headers['Content-Range'] = `bytes ${sent.start}-${sent.end}/${info.size}`;
      headers['Content-Length'] = String(sent.end - sent.start + 1);
      res.status(206);
    } else {
      headers['Content-Length'] = String(info.size);
      res.status(200);
    }
    // A client that left while the store was opening the object (a player seeking on) gets nothing more.
    if (res.destroyed || res.writableEnded || req.socket.destroyed) {
      result.body.destroy();
      req.log?.debug({ key }, 'client closed the connection before the download started');
      return;
    }
    res.set(headers);
    // A body error after the client left is the teardown of that departure (Premature close), not the
    // store failing: the response's 'close' comes first, since this listener is added before the pipeline's.
    let clientLeft = false;
    res.once('close', () => {
      if (!res.writableFinished) clientLeft = true;
    });
    let storeError: unknown;
    result.body.once('error', (error) => {
      if (!clientLeft) storeError = error;
    });
    try {
      await pipeline(result.body, res);
    } catch (error) {
      // A player that seeks or stops closes its connection mid-body all the time: not an error.
      if (storeError) req.log?.error({ err: storeError, key }, 'reading an object failed mid-stream');
      else req.log?.debug({ key, reason: String(error) }, 'client closed the connection during a download');
      if (!res.destroyed) res.destroy();
    }
    return;
  }
}

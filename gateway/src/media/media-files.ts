/**
 * Media files sent from a folder on plain node:http objects, as `send` sends them (what Express's
 * `res.sendFile` runs): ranges (206/416), validators (304/412) and HEAD, refusals in the gateway's JSON
 * shape. Used for the signed media addresses (signed-media.ts) and the free previews
 * (public-previews.ts); what to send, with which headers, is the caller's.
 *
 * Files up to MAX_HELD_MEDIA_BYTES (previews, posters, captions, stream segments) are answered from memory
 * once read (docs/decisions.md, 57): each request still looks at the file (one stat, shared by the
 * requests for that file that arrive while it runs), and the bytes held are used only while the file is
 * the same one (inode, size, modification and change times), so a replaced or removed file is sent as it
 * now is, or answered 404. Larger files, and requests with If-Match, If-Unmodified-Since or If-Range, are
 * sent by `send`.
 */
import { stat, type Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fresh from 'fresh';
import parseRange from 'range-parser';
import send from 'send';
import { answerJson } from '../plain-http.js';

export const MAX_HELD_MEDIA_BYTES = 1024 * 1024;
export const MAX_HELD_MEDIA_TOTAL_BYTES = 32 * 1024 * 1024;

/** A file to send: where it is, the headers its answer carries, and the message of a 404 when it is not. */
export interface MediaFile {
  path: string;
  headers: Record<string, string>;
  notFoundMessage: string;
}

export type SendMediaFile = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error: unknown) => void,
  file: MediaFile,
) => void;

/** A refusal in the gateway's JSON shape, kept by no cache. */
export function refuse(res: ServerResponse, status: number, message: string): void {
  answerJson(res, status, { message }, { 'Cache-Control': 'private, no-store' });
}

/** Sends files with their own memory of small files' bytes (32 MiB in all). */
export function createMediaFileSender(): SendMediaFile {
  const held = new HeldMedia();
  return (req, res, next, file) => {
    if (!answersFromMemory(req)) {
      sendFromDisk(req, res, next, file);
      return;
    }
    held.bytesOf(file.path).then(
      (found) => {
        if (found === 'from-disk') sendFromDisk(req, res, next, file);
        else if (found instanceof Error) answerSendError(res, found, next, file.notFoundMessage);
        else answerHeld(req, res, next, found, file);
      },
      (error: unknown) => next(error),
    );
  };
}

/**
 * `send` on the file, as Express's `res.sendFile` runs it (for every file before, and still for large
 * ones): the headers set once `send` has chosen to answer with the file, its refusals (missing file, 412,
 * 416) answered in the gateway's shape, a player that left mid-body let go.
 */
function sendFromDisk(
  req: IncomingMessage,
  res: ServerResponse,
  next: (error: unknown) => void,
  { path: file, headers, notFoundMessage }: MediaFile,
): void {
  // `send` hands every option on to the file's read stream: highWaterMark (not in its types) is one.
  const options = {
    acceptRanges: true,
    etag: true,
    lastModified: true,
    // The key was checked (no `..`, nothing absolute); a segment may still start with a dot.
    dotfiles: 'allow' as const,
    // Passed on to the file's read stream: 512 KiB reads instead of 64 KiB, so a large range is fewer
    // reads and writes (npm run bench, section c).
    highWaterMark: READ_CHUNK_BYTES,
  };
  // `send` decodes the path it is given, as a URL path (Express's sendFile encodes it first, too).
  const stream = send(req, encodeURI(file), options);
  stream.on('headers', () => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  });
  stream.on('directory', () => {
    answerSendError(res, Object.assign(new Error('EISDIR, read'), { code: 'EISDIR' }), next, notFoundMessage);
  });
  stream.on('error', (error: SendError) => {
    // The player left mid-body (seeking on): nothing more to send.
    if (res.headersSent) return;
    answerSendError(res, error, next, notFoundMessage);
  });
  stream.pipe(res);
}

/** Requests `send`'s own rules answer (preconditions, If-Range): those go to it, as before. */
function answersFromMemory(req: IncomingMessage): boolean {
  const { headers } = req;
  return !headers['if-match'] && !headers['if-unmodified-since'] && !headers['if-range'];
}

interface HeldBytes {
  body: Buffer;
  stats: Stats;
}

/** Small media files' bytes, by file, while the file is the same one; FIFO within the total. */
class HeldMedia {
  private readonly files = new Map<string, HeldBytes>();
  private totalBytes = 0;
  // Requests for a file that arrive while it is being looked at share that one look (the callback form
  // of stat: it is on every request's path, and costs less than fs/promises' in Node 20).
  private readonly looking = new Map<string, Promise<Stats>>();

  /**
   * The file's bytes and stat; 'from-disk' when `send` is to send it; the stat's error when there is no
   * such file (answered 404 as `send` answers it).
   */
  async bytesOf(file: string): Promise<HeldBytes | 'from-disk' | SendError> {
    let stats: Stats;
    try {
      stats = await this.look(file);
    } catch (error) {
      this.drop(file);
      const code = (error as SendError).code;
      return error instanceof Error && code && NOT_FOUND_CODES.has(code) ? error : 'from-disk';
    }
    if (!stats.isFile() || stats.size > MAX_HELD_MEDIA_BYTES) {
      this.drop(file);
      return 'from-disk';
    }
    const known = this.files.get(file);
    if (known && sameFile(known.stats, stats)) return known;
    this.drop(file);
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      // Gone or changed since the stat: `send` decides, as it would have.
      return 'from-disk';
    }
    if (body.length !== stats.size) return 'from-disk';
    const bytes = { body, stats };
    // Another request may have read it meanwhile: one copy is held.
    this.drop(file);
    for (const [oldest, held] of this.files) {
      if (this.totalBytes + body.length <= MAX_HELD_MEDIA_TOTAL_BYTES) break;
      this.files.delete(oldest);
      this.totalBytes -= held.body.length;
    }
    this.files.set(file, bytes);
    this.totalBytes += body.length;
    return bytes;
  }

  private look(file: string): Promise<Stats> {
    let look = this.looking.get(file);
    if (!look) {
      look = new Promise<Stats>((resolve, reject) => {
        stat(file, (error, stats) => {
          this.looking.delete(file);
          if (error) reject(error);
          else resolve(stats);
        });
      });
      this.looking.set(file, look);
    }
    return look;
  }

  private drop(file: string): void {
    const held = this.files.get(file);
    if (!held) return;
    this.files.delete(file);
    this.totalBytes -= held.body.length;
  }
}

function sameFile(a: Stats, b: Stats): boolean {
  return (
    a.ino === b.ino &&
    a.dev === b.dev &&
    a.size === b.size &&
    a.mtimeMs === b.mtimeMs &&
    a.ctimeMs === b.ctimeMs
  );
}

const BYTES_RANGE = /^ *bytes=/;

/**
 * Held bytes answered as `send` answers the file (its order of checks and its headers): validators,
 * 304 for a fresh If-None-Match or If-Modified-Since, one byte range (206) or 416, several ranges or a
 * malformed one as the whole file, HEAD without the body.
 */
function answerHeld(
  req: IncomingMessage,
  res: ServerResponse,
  next: (error: unknown) => void,
  { body, stats }: HeldBytes,
  { headers, notFoundMessage }: MediaFile,
): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Accept-Ranges', 'bytes');
  const lastModified = stats.mtime.toUTCString();
  res.setHeader('Last-Modified', lastModified);
  const etag = `W/"${stats.size.toString(16)}-${stats.mtime.getTime().toString(16)}"`;
  res.setHeader('ETag', etag);
  if (
    (req.headers['if-none-match'] || req.headers['if-modified-since']) &&
    fresh(req.headers, { etag, 'last-modified': lastModified })
  ) {
    for (const name of ['Content-Encoding', 'Content-Language', 'Content-Type']) res.removeHeader(name);
    res.statusCode = 304;
    res.end();
    return;
  }
  let start = 0;
  let end = body.length - 1;
  const range = req.headers.range;
  if (range !== undefined && BYTES_RANGE.test(range)) {
    const ranges = parseRange(body.length, range, { combine: true });
    if (ranges === -1) {
      const contentRange = `bytes */${body.length}`;
      res.setHeader('Content-Range', contentRange);
      const error = Object.assign(new Error('Range Not Satisfiable'), {
        status: 416,
        headers: { 'Content-Range': contentRange },
      });
      answerSendError(res, error, next, notFoundMessage);
      return;
    }
    const [only] = ranges !== undefined && ranges !== -2 && ranges.length === 1 ? ranges : [];
    if (only) {
      res.statusCode = 206;
      res.setHeader('Content-Range', `bytes ${only.start}-${only.end}/${body.length}`);
      ({ start, end } = only);
    }
  }
  res.setHeader('Content-Length', end - start + 1);
  if (req.method === 'HEAD') res.end();
  else res.end(body.subarray(start, end + 1));
}

/** How much of a file each read takes (see above). */
const READ_CHUNK_BYTES = 512 * 1024;

type SendError = Error & { status?: number; code?: string; headers?: Record<string, string> };

const NOT_FOUND_CODES = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ENAMETOOLONG']);

/** A refusal send decided before any byte (missing file, 412, 416), in the gateway's JSON shape. */
function answerSendError(
  res: ServerResponse,
  error: SendError,
  next: (error: unknown) => void,
  notFoundMessage: string,
): void {
  for (const header of ['Content-Type', 'Content-Disposition', 'ETag', 'Last-Modified']) {
    res.removeHeader(header);
  }
  if (error.status === 404 || (error.code && NOT_FOUND_CODES.has(error.code))) {
    refuse(res, 404, notFoundMessage);
  } else if (error.status === 416) {
    res.setHeader('Accept-Ranges', 'bytes');
    for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
    refuse(res, 416, 'Range not satisfiable');
  } else if (error.status === 412) {
    refuse(res, 412, 'Precondition failed');
  } else {
    next(error);
  }
}

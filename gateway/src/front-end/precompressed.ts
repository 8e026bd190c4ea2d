/**
 * Built files with precompressed copies: the front-end build writes `x.js.br` (brotli, quality 11) and
 * `x.js.gz` (gzip, level 9) beside each script, stylesheet, page, SVG and JSON file of 1 KB or more
 * (scripts/precompress.mjs). For a GET or HEAD that accepts one of them, the copy is sent from disk as it
 * is: `Content-Encoding` of the copy, `Content-Type` of the original, `Content-Length` and validators of
 * the bytes sent, `Vary: Accept-Encoding`, and the original name's cache policy (cache-control.ts). Nothing
 * is compressed again. Brotli is preferred when the browser weighs both alike.
 *
 * The original is sent instead (by the static handler after this one) when the browser accepts neither,
 * when the request names a byte range (a range counts bytes of the file itself), when there is no copy,
 * or when the copy is older than the original (a file changed by hand after a build).
 *
 * Copies of content-hashed files are held in memory once sent and answered from there by
 * `serveHeldCopies`, ahead of the routers (held-files.ts; docs/decisions.md, 57).
 */
import type { Stats } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { requestPath, type NodeMiddleware } from '../plain-http.js';
import { cacheControlFor, isContentHashed } from './cache-control.js';
import { answerWithCopy, type HeldCopy, type HeldFiles, type PrecompressedEncoding } from './held-files.js';

export type { PrecompressedEncoding };

const SUFFIX: Record<PrecompressedEncoding, string> = { br: '.br', gzip: '.gz' };

/** The kinds of files the build precompresses (source maps are not served). */
export const PRECOMPRESSED_FILE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/i;

/**
 * The precompressed encodings an `Accept-Encoding` header allows, best first: by weight, then brotli
 * before gzip. `*` stands for any coding the header does not name.
 */
export function acceptedEncodings(header: string | undefined): PrecompressedEncoding[] {
  if (!header) return [];
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') weight = Number(value?.trim() ?? '');
    }
    if (!Number.isFinite(weight)) continue;
    weights.set(coding, Math.max(weights.get(coding) ?? 0, weight));
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  const preferred: PrecompressedEncoding[] = ['br', 'gzip'];
  return preferred
    .filter((encoding) => weightOf(encoding) > 0)
    .sort((a, b) => weightOf(b) - weightOf(a) || preferred.indexOf(a) - preferred.indexOf(b));
}

/** The file a URL path names inside `dir`; undefined for a path that leaves it or names a dotfile. */
export function fileInside(dir: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.endsWith('/')) return undefined;
  const segments = decoded.split('/').filter(Boolean);
  if (segments.some((segment) => segment.startsWith('.'))) return undefined;
  const root = path.resolve(dir);
  const file = path.resolve(root, ...segments);
  return file.startsWith(`${root}${path.sep}`) ? file : undefined;
}

// Copies of content-hashed files known to exist. Such a name never gets other content (a new build
// writes a new name), so its copy is looked for once, not at every request; a copy gone since is
// noticed when it cannot be sent.
const KNOWN_COPIES_MAX = 10_000;
const knownCopies = new Set<string>();

function rememberCopy(copy: string): void {
  if (knownCopies.size >= KNOWN_COPIES_MAX) knownCopies.clear();
  knownCopies.add(copy);
}

async function modifiedAt(file: string): Promise<number | undefined> {
  try {
    const stats = await stat(file);
    return stats.isFile() ? stats.mtimeMs : undefined;
  } catch {
    return undefined;
  }
}

/** The copy of `file` to send (the first of `encodings` that has one as new as the file), if any. */
async function chooseCopy(
  file: string,
  encodings: PrecompressedEncoding[],
): Promise<PrecompressedEncoding | undefined> {
  const hashed = isContentHashed(file);
  const [best] = encodings;
  if (hashed && best && knownCopies.has(`${file}${SUFFIX[best]}`)) return best;
  const [original, ...copies] = await Promise.all([
    modifiedAt(file),
    ...encodings.map((encoding) => modifiedAt(`${file}${SUFFIX[encoding]}`)),
  ]);
  if (original === undefined) return undefined;
  const encoding = encodings[copies.findIndex((copy) => copy !== undefined && copy >= original)];
  if (encoding && hashed) rememberCopy(`${file}${SUFFIX[encoding]}`);
  return encoding;
}

export interface SendPrecompressedOptions {
  /** The answer's status (a page the gateway answers 404 is still the shell's index.html). */
  status?: number;
  /** Where a content-hashed file's copy is held once read, under the request's whole URL path. */
  held?: { files: HeldFiles; urlPath: string };
}

const GONE_CODES = new Set(['ENOENT', 'ENOTDIR']);
const isGone = (error: unknown) => GONE_CODES.has((error as { code?: string }).code ?? '');

/** Preconditions `send` answers with 412: such requests are sent from disk, as before. */
function hasPreconditions(req: IncomingMessage): boolean {
  return req.headers['if-match'] !== undefined || req.headers['if-unmodified-since'] !== undefined;
}

/**
 * The copy to answer from memory: the held one if the disk still has it as it was, else read now and
 * held. 'gone' when the copy is no longer on disk; undefined when it is to be sent from disk (too large,
 * changing while read, or unreadable for another reason, which `send` then reports).
 */
async function heldCopyOf(
  held: NonNullable<SendPrecompressedOptions['held']>,
  copyFile: string,
  encoding: PrecompressedEncoding,
  res: Response,
): Promise<HeldCopy | 'gone' | undefined> {
  const { files, urlPath } = held;
  let stats: Stats;
  try {
    stats = await stat(copyFile);
  } catch (error) {
    return isGone(error) ? 'gone' : undefined;
  }
  if (!stats.isFile()) return undefined;
  const known = files.get(urlPath, encoding);
  if (known && known.size === stats.size && known.mtimeMs === stats.mtimeMs) {
    known.checkedAt = performance.now();
    return known;
  }
  if (!files.accepts(urlPath, stats.size)) return undefined;
  let body: Buffer;
  try {
    body = await readFile(copyFile);
  } catch (error) {
    return isGone(error) ? 'gone' : undefined;
  }
  if (body.length !== stats.size) return undefined;
  const copy: HeldCopy = {
    body,
    contentType: String(res.getHeader('content-type')),
    encoding,
    cacheControl: String(res.getHeader('cache-control')),
    // As `send` makes them from the same stat (its weak ETag of size and modification time).
    etag: `W/"${stats.size.toString(16)}-${stats.mtime.getTime().toString(16)}"`,
    lastModified: stats.mtime.toUTCString(),
    size: stats.size,
    mtimeMs: stats.mtimeMs,
    checkedAt: performance.now(),
  };
  files.hold(urlPath, copy);
  return copy;
}

/**
 * Sends the best precompressed copy of `file` the request accepts and resolves true, or resolves false
 * (having set nothing) when the original must be sent instead.
 */
export async function sendPrecompressed(
  req: Request,
  res: Response,
  file: string,
  options: SendPrecompressedOptions = {},
): Promise<boolean> {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.range !== undefined) return false;
  if (!PRECOMPRESSED_FILE.test(file)) return false;
  const encodings = acceptedEncodings(req.headers['accept-encoding']);
  if (encodings.length === 0) return false;
  const encoding = await chooseCopy(file, encodings);
  if (encoding === undefined) return false;
  const copy = `${file}${SUFFIX[encoding]}`;

  if (options.status !== undefined) res.status(options.status);
  res.type(path.extname(file));
  res.setHeader('content-encoding', encoding);
  res.vary('Accept-Encoding');
  res.setHeader('cache-control', cacheControlFor(file));
  const gone = () => {
    knownCopies.delete(copy);
    if (options.held) options.held.files.forget(options.held.urlPath, encoding);
    res.removeHeader('content-encoding');
    res.removeHeader('content-type');
    res.removeHeader('cache-control');
    return false;
  };
  if (options.held && isContentHashed(file) && !hasPreconditions(req)) {
    const held = await heldCopyOf(options.held, copy, encoding, res);
    if (held === 'gone') return gone();
    if (held) {
      answerWithCopy(req, res, held);
      return true;
    }
  }
  return new Promise<boolean>((resolve, reject) => {
    res.sendFile(
      copy,
      { cacheControl: false, acceptRanges: false, dotfiles: 'allow' },
      (error?: Error & { code?: string }) => {
        // Sent, or the browser went away while it was (nothing is left to answer).
        if (!error || res.headersSent || error.code === 'ECONNABORTED') {
          resolve(true);
          return;
        }
        // Gone between the check and the read (a deployment): the original is sent instead.
        if (error.code === 'ENOENT') {
          resolve(gone());
          return;
        }
        reject(error);
      },
    );
  });
}

/**
 * Built files of `dir` from their precompressed copies, when there are copies; else the next handler.
 * With `held`, copies of content-hashed files are held in memory under their URL path (`prefix`, where
 * the router that mounts this sits, and the path below it).
 */
export function servePrecompressed(
  dir: string,
  { held, prefix = '' }: { held?: HeldFiles; prefix?: string } = {},
): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !PRECOMPRESSED_FILE.test(req.path)) {
      next();
      return;
    }
    const file = fileInside(dir, req.path);
    if (!file) {
      next();
      return;
    }
    // Only under the prefix as configured (a router matches its prefix in any case).
    const urlPath = `${prefix}${req.path}`;
    const options = held && req.baseUrl === prefix ? { held: { files: held, urlPath } } : {};
    sendPrecompressed(req, res, file, options).then((sent) => {
      if (!sent) next();
    }, next);
  };
}

/**
 * Copies held in memory (held-files.ts), answered before the routers: a GET or HEAD without a range or
 * a precondition whose best accepted encoding has a copy held under its URL path, checked within
 * REVALIDATE_MS. Anything else goes on (and may be held on its way back from disk).
 */
export function serveHeldCopies(held: HeldFiles): NodeMiddleware {
  return (req, res, next) => {
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      req.headers.range !== undefined ||
      hasPreconditions(req)
    ) {
      next();
      return;
    }
    const [best] = acceptedEncodings(req.headers['accept-encoding']);
    const copy = best && held.recent(requestPath(req), best);
    if (copy) answerWithCopy(req, res, copy);
    else next();
  };
}

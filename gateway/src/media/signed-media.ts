/**
 * `GET`/`HEAD /api/media/<key>` (docs/decisions.md, 52): the local-folder counterpart of a presigned S3 URL.
 * The course service checks a member's access once and answers a 302 here; this checks the address's
 * signature (kit's signed-media-url.ts) and sends the file from MEDIA_OBJECTS_DIR itself, with ranges
 * (206/416), validators (304/412) and HEAD, so no service and no database is asked per range. The type and
 * disposition come from the signed address, never from the file name. Mounted only when MEDIA_OBJECTS_DIR
 * is set; otherwise `/api/media/*` reaches the proxy, which answers 404 as for any unknown API path.
 */
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { objectFilePath, SIGNED_MEDIA_PATH, verifyMediaUrl } from '@platform/service-kit';
import type { GatewayConfig } from '../config.js';

const REFUSALS = {
  malformed: 'This media address is not valid',
  'bad-signature': 'This media address is not valid',
  expired: 'This media address has expired; reload the page',
} as const;

/**
 * The request's path and query exactly as the browser sent them: the path still percent-encoded, its dot
 * segments not resolved (a key with one is refused, not reinterpreted).
 */
function addressOf(req: Request): { pathname: string; query: URLSearchParams } {
  const url = req.originalUrl;
  const mark = url.indexOf('?');
  return mark < 0
    ? { pathname: url, query: new URLSearchParams() }
    : { pathname: url.slice(0, mark), query: new URLSearchParams(url.slice(mark + 1)) };
}

function refuse(res: Response, status: number, message: string): void {
  res.set('Cache-Control', 'private, no-store');
  res.status(status).json({ message });
}

function sendSignedMedia(objectsDir: string, secret: string): RequestHandler {
  return (req, res, next) => {
    const { pathname, query } = addressOf(req);
    const check = verifyMediaUrl(pathname, query, secret);
    if (!check.ok) {
      req.log?.info({ path: pathname, reason: check.reason }, 'refused a media address');
      refuse(res, 403, REFUSALS[check.reason]);
      return;
    }
    const { key, contentType, contentDisposition } = check.media;
    // `send` hands every option on to the file's read stream: highWaterMark (not in Express's types) is
    // one of them.
    const options = {
      headers: {
        'Content-Type': contentType,
        'Content-Disposition': contentDisposition,
        'Cache-Control': 'private, no-cache',
        'X-Content-Type-Options': 'nosniff',
      },
      acceptRanges: true,
      etag: true,
      lastModified: true,
      // The key was checked (no `..`, nothing absolute); a segment may still start with a dot.
      dotfiles: 'allow' as const,
      // Passed on to the file's read stream: 512 KiB reads instead of 64 KiB, so a preview-sized range is
      // one or two reads and writes rather than five or more (npm run bench, section c).
      highWaterMark: READ_CHUNK_BYTES,
    };
    res.sendFile(objectFilePath(objectsDir, key), options, (error?: SendError) => {
      if (!error) return;
      // The player left mid-body (seeking on): nothing more to send.
      if (res.headersSent || error.code === 'ECONNABORTED') return;
      answerSendError(res, error, next);
    });
  };
}

/** How much of a file each read takes (see above). */
const READ_CHUNK_BYTES = 512 * 1024;

type SendError = Error & { status?: number; code?: string; headers?: Record<string, string> };

const NOT_FOUND_CODES = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ENAMETOOLONG']);

/** A refusal send decided before any byte (missing file, 412, 416), in the gateway's JSON shape. */
function answerSendError(res: Response, error: SendError, next: (error: unknown) => void): void {
  for (const header of ['Content-Type', 'Content-Disposition', 'ETag', 'Last-Modified']) {
    res.removeHeader(header);
  }
  if (error.status === 404 || (error.code && NOT_FOUND_CODES.has(error.code))) {
    refuse(res, 404, 'File not found');
  } else if (error.status === 416) {
    res.set({ 'Accept-Ranges': 'bytes', ...error.headers });
    refuse(res, 416, 'Range not satisfiable');
  } else if (error.status === 412) {
    refuse(res, 412, 'Precondition failed');
  } else {
    next(error);
  }
}

/** The `/api/media/*` router, or null when MEDIA_OBJECTS_DIR is not set (then the route does not exist). */
export function createSignedMediaRouter(config: GatewayConfig): Router | null {
  if (!config.MEDIA_OBJECTS_DIR) return null;
  const router = express.Router();
  router.get(
    `${SIGNED_MEDIA_PATH}*path`,
    sendSignedMedia(config.MEDIA_OBJECTS_DIR, config.INTERNAL_TOKEN_SECRET),
  );
  return router;
}

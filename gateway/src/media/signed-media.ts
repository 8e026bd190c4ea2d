/**
 * `GET`/`HEAD /api/media/<key>` (docs/decisions.md, 52): the local-folder counterpart of a presigned S3 URL.
 * The course service checks a member's access once and answers a 302 here; this checks the address's
 * signature (kit's signed-media-url.ts) and sends the file from MEDIA_OBJECTS_DIR itself (media-files.ts:
 * ranges, validators, small files from memory), so no service and no database is asked per range. The
 * type and disposition come from the signed address, never from the file name. Mounted only when
 * MEDIA_OBJECTS_DIR is set; otherwise `/api/media/*` reaches the proxy, which answers 404 as for any
 * unknown API path.
 */
import type { IncomingMessage } from 'node:http';
import { objectFilePath, SIGNED_MEDIA_PATH, verifyMediaUrl } from '@platform/service-kit/storage';
import type { GatewayConfig } from '../config.js';
import type { NodeMiddleware } from '../plain-http.js';
import { createMediaFileSender, refuse, type SendMediaFile } from './media-files.js';

const REFUSALS = {
  malformed: 'This media address is not valid',
  'bad-signature': 'This media address is not valid',
  expired: 'This media address has expired; reload the page',
} as const;

/**
 * The request's path and query exactly as the browser sent them: the path still percent-encoded, its dot
 * segments not resolved (a key with one is refused, not reinterpreted).
 */
function addressOf(req: IncomingMessage): { pathname: string; query: URLSearchParams } {
  const url = (req as { originalUrl?: string }).originalUrl ?? req.url ?? '';
  const mark = url.indexOf('?');
  return mark < 0
    ? { pathname: url, query: new URLSearchParams() }
    : { pathname: url.slice(0, mark), query: new URLSearchParams(url.slice(mark + 1)) };
}

function sendSignedMedia(objectsDir: string, secret: string, sendFile: SendMediaFile): NodeMiddleware {
  return (req, res, next) => {
    const { pathname, query } = addressOf(req);
    const check = verifyMediaUrl(pathname, query, secret);
    if (!check.ok) {
      req.log?.info({ path: pathname, reason: check.reason }, 'refused a media address');
      refuse(res, 403, REFUSALS[check.reason]);
      return;
    }
    const { key, contentType, contentDisposition } = check.media;
    sendFile(req, res, next, {
      path: objectFilePath(objectsDir, key),
      headers: {
        'Content-Type': contentType,
        'Content-Disposition': contentDisposition,
        'Cache-Control': 'private, no-cache',
        'X-Content-Type-Options': 'nosniff',
      },
      notFoundMessage: 'File not found',
    });
  };
}

/** The signed media addresses' handler, and which requests are its. */
export interface SignedMedia {
  /** A `GET` or `HEAD` of a path under `/api/media/`. */
  handles(req: IncomingMessage): boolean;
  handle: NodeMiddleware;
}

/** The `/api/media/*` handler, or null when MEDIA_OBJECTS_DIR is not set (then the route does not exist). */
export function createSignedMedia(
  config: GatewayConfig,
  sendFile: SendMediaFile = createMediaFileSender(),
): SignedMedia | null {
  if (!config.MEDIA_OBJECTS_DIR) return null;
  return {
    handles: (req) =>
      (req.method === 'GET' || req.method === 'HEAD') &&
      req.url !== undefined &&
      req.url.length > SIGNED_MEDIA_PATH.length &&
      req.url.startsWith(SIGNED_MEDIA_PATH) &&
      req.url.charCodeAt(SIGNED_MEDIA_PATH.length) !== 63 /* ? */,
    handle: sendSignedMedia(config.MEDIA_OBJECTS_DIR, config.INTERNAL_TOKEN_SECRET, sendFile),
  };
}

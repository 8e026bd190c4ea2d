/**
 * `GET`/`HEAD /api/demo-video/<file>`, the free previews every visitor of `/` plays, sent by the gateway
 * from the course's folder (MEDIA_OBJECTS_DIR, the embedded mode) instead of through the course service
 * (docs/decisions.md, 71). The whitelist stays the course's: a plain media or document name
 * (`isDemoFileName`) that is promotional, or a file of a lesson a visitor may open, which the course lists
 * at `GET /internal/demo-video-files`. The gateway keeps that list and asks for it again (a revalidation
 * the course answers `304` from its catalogue version) once its copy is a second old, so no service and no
 * database is asked per range: a lesson locked in the studio stops being public within that second.
 *
 * A request the gateway does not send itself goes on to the proxy, and the course answers it as before:
 * every refusal (not a plain media name, not whitelisted, several segments, other methods) is the
 * course's 404 and its warning. So is every request while the list cannot be had. The answer carries
 * what the course's would (type from the name, `inline` or a download for documents,
 * `Cache-Control: public, max-age=3600`, `nosniff`), with the validators and ranges of media-files.ts.
 */
import type { IncomingMessage } from 'node:http';
import {
  DEMO_CACHE_CONTROL,
  DEMO_VIDEO_PATH,
  DemoVideoFilesSchema,
  hasPromotionalName,
  isDemoFileName,
  isDocumentFileName,
} from '@platform/contracts';
import { contentDisposition, contentTypeForFileName } from '@platform/service-kit/http';
import { INTERNAL_TOKEN_HEADER, signInternalToken } from '@platform/service-kit/identity';
import { objectFilePath } from '@platform/service-kit/storage';
import { type Clock } from '@platform/service-kit/clock';
import { type Logger } from '@platform/service-kit/logger';
import type { NodeMiddleware } from '../plain-http.js';
import { getJson } from '../upstream/get-json.js';
import type { UpstreamAgent } from '../upstream/upstream-agents.js';
import { UpstreamError } from '../upstream/upstream.errors.js';
import type { SendMediaFile } from './media-files.js';

/** How long the course's list of open lessons' files is used before it is revalidated. */
export const OPEN_FILES_FRESH_MS = 1_000;

/** Where the course's media live in its store (the course's `courseMediaKey`). */
const COURSE_MEDIA_PREFIX = 'course-media/';

export interface PublicPreviewsOptions {
  objectsDir: string;
  courseUrl: string;
  internalTokenSecret: string;
  timeoutMs: number;
  agent?: UpstreamAgent;
  clock: Clock;
  logger: Logger;
  sendFile: SendMediaFile;
}

export interface PublicPreviews {
  /** A `GET` or `HEAD` of a path under `/api/demo-video/`. */
  handles(req: IncomingMessage): boolean;
  /** Sends a whitelisted file, or calls `next()` for the proxy to take the request to the course. */
  handle: NodeMiddleware;
}

/** The file a request names: one plain media or document name, else null (the course refuses it). */
function fileOf(url: string): string | null {
  const mark = url.indexOf('?');
  const segment = url.slice(DEMO_VIDEO_PATH.length, mark < 0 ? undefined : mark);
  if (segment.includes('/')) return null;
  let file: string;
  try {
    file = decodeURIComponent(segment);
  } catch {
    return null;
  }
  return isDemoFileName(file) ? file : null;
}

/** The course's list of open lessons' files, kept for OPEN_FILES_FRESH_MS, revalidated with its tag. */
function createOpenFiles(options: PublicPreviewsOptions): () => Promise<ReadonlySet<string>> {
  let known: { files: ReadonlySet<string>; etag: string | undefined; checkedAt: number } | null = null;
  let asking: Promise<ReadonlySet<string>> | null = null;

  async function ask(): Promise<ReadonlySet<string>> {
    const askedAt = options.clock.now().getTime();
    const headers: Record<string, string> = {
      [INTERNAL_TOKEN_HEADER]: signInternalToken({ kind: 'anonymous' }, options.internalTokenSecret),
    };
    if (known?.etag) headers['if-none-match'] = known.etag;
    const answer = await getJson(`${options.courseUrl}/internal/demo-video-files`, {
      upstream: 'course',
      headers,
      timeoutMs: options.timeoutMs,
      agent: options.agent,
    });
    if (answer.status === 304 && known) {
      known = { ...known, checkedAt: askedAt };
      return known.files;
    }
    const parsed = answer.status === 200 ? DemoVideoFilesSchema.safeParse(answer.body) : null;
    if (!parsed?.success) {
      throw new UpstreamError('course', 'unavailable', {
        cause: new Error(`the open lessons' files answered ${answer.status}`),
      });
    }
    const etag = answer.headers.etag;
    known = { files: new Set(parsed.data.files), etag, checkedAt: askedAt };
    return known.files;
  }

  return () => {
    if (known && options.clock.now().getTime() - known.checkedAt < OPEN_FILES_FRESH_MS) {
      return Promise.resolve(known.files);
    }
    // Requests that arrive while the course is asked share the one question.
    asking ??= ask().finally(() => {
      asking = null;
    });
    return asking;
  };
}

export function createPublicPreviews(options: PublicPreviewsOptions): PublicPreviews {
  const openFiles = createOpenFiles(options);

  async function isPublic(file: string): Promise<boolean> {
    return hasPromotionalName(file) || (await openFiles()).has(file);
  }

  return {
    handles: (req) =>
      (req.method === 'GET' || req.method === 'HEAD') &&
      req.url !== undefined &&
      req.url.startsWith(DEMO_VIDEO_PATH),
    handle: (req, res, next) => {
      const file = fileOf(req.url ?? '');
      const contentType = file ? contentTypeForFileName(file) : undefined;
      if (!file || !contentType) {
        next();
        return;
      }
      isPublic(file).then(
        (whitelisted) => {
          if (!whitelisted) {
            next();
            return;
          }
          const isDocument = isDocumentFileName(file);
          options.sendFile(req, res, next, {
            path: objectFilePath(options.objectsDir, `${COURSE_MEDIA_PREFIX}${file}`),
            headers: {
              'Content-Type': contentType,
              'Content-Disposition': isDocument ? contentDisposition('attachment', file) : 'inline',
              'Cache-Control': DEMO_CACHE_CONTROL,
              'X-Content-Type-Options': 'nosniff',
            },
            notFoundMessage: 'Video not found',
          });
        },
        (error: unknown) => {
          // The course answers it, as it would without this path.
          options.logger.warn({ err: error }, "could not read the open lessons' files");
          next();
        },
      );
    },
  };
}

/**
 * `/api/uploads` (docs/behaviour/course-studio.md#uploads; docs/decisions.md, 29): resumable lesson-video
 * uploads with tus 1.0.0 (`@tus/server`), for the admin only. Before tus sees a request, Express checks the
 * caller (401/403) and, on POST, `Upload-Length` (required, at most COURSE_MAX_VIDEO_BYTES: 413) and
 * `Upload-Metadata` (LessonUploadMetadataSchema: 400), all answered in the usual JSON error shape. tus's own
 * refusals (a wrong offset, an unknown upload, …) are answered as JSON `{ message }` too.
 *
 * The PATCH that completes a file answers 200 with the stored video (`LessonUploadResult`); the same answer
 * stays available at `GET /api/uploads/{id}/result`. The upload's bytes live on this replica's disk until
 * complete (see upload-store.ts).
 */
import {
  LESSON_UPLOAD_MESSAGES,
  LESSON_UPLOADS_PATH,
  LessonUploadMetadataSchema,
  type LessonUploadResult,
} from '@platform/contracts';
import {
  AppError,
  requireAdmin,
  type Logger,
  type Middleware,
  type ServiceDeps,
} from '@platform/service-kit';
import { Server, type Upload } from '@tus/server';
import type { Request, Router } from 'express';
import { NodeRequest, sendNodeResponse } from 'srvx/node';
import type { CourseConfig } from '../config.js';
import { finishLessonUpload, toLessonUploadResult } from './finish-lesson-upload.js';
import { findLessonUpload } from './lesson-uploads.repository.js';
import { lessonUploadStore, type LessonUploadStore } from './upload-store.js';

const UPLOAD_ID = /^[A-Za-z0-9_-]{1,128}$/;
const METADATA_KEY = /^[^\s,]+$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const MALFORMED_METADATA = 'Upload-Metadata must be comma-separated "key base64value" pairs';

/** tus's `Upload-Metadata`: `key base64value` pairs, a key alone meaning an empty value. */
export function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const metadata: Record<string, string> = {};
  if (header === undefined || header.trim() === '') return metadata;
  for (const pair of header.split(',')) {
    const [key, value, ...rest] = pair.trim().split(' ');
    if (!key || !METADATA_KEY.test(key) || rest.length > 0 || key in metadata) {
      throw new AppError('invalid', MALFORMED_METADATA);
    }
    if (value !== undefined && !BASE64.test(value)) throw new AppError('invalid', MALFORMED_METADATA);
    metadata[key] = value === undefined ? '' : Buffer.from(value, 'base64').toString('utf8');
  }
  return metadata;
}

/** The checks of a new upload, before tus creates anything. */
function checkCreation(maxBytes: number): Middleware {
  return (req: Request, _res, next) => {
    if (req.method !== 'POST') return next();
    const length = req.get('upload-length');
    if (length === undefined || !/^\d{1,16}$/.test(length)) {
      return next(new AppError('invalid', LESSON_UPLOAD_MESSAGES.lengthRequired));
    }
    if (Number(length) > maxBytes) {
      return next(new AppError('payload_too_large', LESSON_UPLOAD_MESSAGES.tooLarge(maxBytes)));
    }
    const parsed = LessonUploadMetadataSchema.safeParse(parseUploadMetadata(req.get('upload-metadata')));
    if (!parsed.success) return next(AppError.fromZod(parsed.error));
    next();
  };
}

interface NodeBacked {
  runtime?: { node?: { req: Request } };
}

/** The Express request behind a request tus handles (checked by requireAdmin before tus saw it). */
function expressRequest(req: unknown): Request {
  const node = (req as NodeBacked).runtime?.node?.req;
  if (!node) throw new Error('tus request without its Node.js request');
  return node;
}

/** A tus hook's refusal, answered as our JSON error shape. */
function tusRefusal(error: AppError): { status_code: number; body: string } {
  return { status_code: error.status, body: JSON.stringify(error.toBody()) };
}

function createTusServer(deps: ServiceDeps<CourseConfig>, uploads: LessonUploadStore): Server {
  const loggerOf = (req: unknown): Logger => expressRequest(req).log ?? deps.logger;
  return new Server({
    path: LESSON_UPLOADS_PATH,
    datastore: uploads,
    maxSize: deps.config.COURSE_MAX_VIDEO_BYTES,
    // Behind the gateway the service's own host means nothing to the browser.
    relativeLocation: true,
    // The gateway is the one origin: no cross-origin uploads.
    allowedOrigins: () => false,
    disableTerminationForFinishedUploads: true,
    onUploadFinish: async (req, upload: Upload) => {
      const caller = expressRequest(req).caller;
      if (caller.kind !== 'user') throw new Error('an upload finished without its admin');
      try {
        const result = await finishLessonUpload(deps, uploads, upload, caller.userId, loggerOf(req));
        return {
          status_code: 200,
          headers: { 'Content-Type': 'application/json; charset=utf-8' },
          body: JSON.stringify(result),
        };
      } catch (error) {
        if (error instanceof AppError) throw tusRefusal(error);
        throw error;
      }
    },
    onResponseError: (req, error) => {
      if (!(error instanceof Error) && error.body.startsWith('{')) return undefined;
      const status = error instanceof Error ? 500 : error.status_code;
      // A client that went away mid-PATCH is logged by the route, not as a failure.
      if (status >= 500 && expressRequest(req).complete) {
        loggerOf(req).error({ err: error }, 'resumable upload failed');
      }
      const message =
        status >= 500 ? 'Internal server error' : (error as { body: string }).body.trim() || 'Upload refused';
      return { status_code: status, body: JSON.stringify({ message }) };
    },
  });
}

export function lessonUploadRoutes(router: Router, deps: ServiceDeps<CourseConfig>): void {
  const uploads = lessonUploadStore(deps);
  const tus = createTusServer(deps, uploads);

  router.get(`${LESSON_UPLOADS_PATH}/:id/result`, requireAdmin, async (req, res) => {
    const id = String(req.params.id);
    if (!UPLOAD_ID.test(id)) throw new AppError('not_found', LESSON_UPLOAD_MESSAGES.notFound);
    const row = await findLessonUpload(deps.db, id);
    if (row) {
      res.json(toLessonUploadResult(row) satisfies LessonUploadResult);
      return;
    }
    // Complete but never finished (the final answer failed, e.g. storage was down): finish it now.
    const upload = await uploads.getUpload(id).catch(() => null);
    if (!upload || upload.size === undefined || upload.offset !== upload.size) {
      throw new AppError('not_found', LESSON_UPLOAD_MESSAGES.notFound);
    }
    res.json(await finishLessonUpload(deps, uploads, upload, req.caller.userId, req.log ?? deps.logger));
  });

  router.all(
    [LESSON_UPLOADS_PATH, `${LESSON_UPLOADS_PATH}/{*rest}`],
    requireAdmin,
    checkCreation(deps.config.COURSE_MAX_VIDEO_BYTES),
    async (req, res) => {
      // GET would download the unfinished bytes: not offered.
      if (req.method === 'GET') throw new AppError('not_found', `Not found: GET ${req.path}`);
      const response = await tus.handleWeb(new NodeRequest({ req, res }));
      if (response.status >= 400) response.headers.set('Content-Type', 'application/json; charset=utf-8');
      if (!req.complete) {
        // The client went away mid-PATCH: what arrived is kept, and the client resumes from `Upload-Offset`.
        (req.log ?? deps.logger).info(
          { status: response.status, uploadOffset: response.headers.get('upload-offset') },
          'resumable upload interrupted',
        );
      }
      await sendNodeResponse(res, response);
    },
  );
}

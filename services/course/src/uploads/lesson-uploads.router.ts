/**
 * The admin's lesson-video uploads (docs/behaviour/course-studio.md#uploads), admin only (401/403):
 *
 * - Resumable with tus 1.0.0 at `/api/uploads` (docs/decisions.md, 29), purpose `lesson-video`, through the
 *   kit's `mountResumableUploads`: the upload's bytes live on this replica's disk until complete; the PATCH
 *   that completes a file answers 200 with the stored video (`LessonUploadResult`), which stays available at
 *   `GET /api/uploads/{id}/result`.
 * - In one request at `POST /api/upload-video` (multipart, one video; upload-video.ts).
 */
import {
  LESSON_UPLOAD_MESSAGES,
  LESSON_UPLOADS_PATH,
  LessonUploadMetadataSchema,
  UPLOAD_ID_PREFIXES,
  UPLOAD_VIDEO_PATH,
  type LessonUploadMetadata,
} from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { routesWith } from '@platform/service-kit/http';
import { requireAdmin } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import { defineUploadPurpose, mountResumableUploads } from '@platform/service-kit/uploads';
import type { Request, Router } from 'express';
import type { CourseConfig } from '../config.js';
import { finishLessonUpload } from './finish-lesson-upload.js';
import { findLessonUpload } from './lesson-uploads.repository.js';
import { toLessonUploadResult } from './lesson-video-files.js';
import { uploadVideo } from './upload-video.js';
import { lessonUploadStore } from './upload-store.js';

/** requireAdmin as a check: throws its 401/403 instead of answering. */
function assertAdmin(req: Request): string {
  const caller = req.caller;
  if (caller?.kind !== 'user') throw new AppError('unauthenticated', 'Unauthorized');
  if (caller.role !== 'admin') throw new AppError('forbidden', 'Access denied');
  return caller.userId;
}

export function lessonUploadRoutes(router: Router, deps: ServiceDeps<CourseConfig>): void {
  const maxBytes = deps.config.COURSE_MAX_VIDEO_BYTES;

  mountResumableUploads(router, {
    path: LESSON_UPLOADS_PATH,
    store: lessonUploadStore(deps),
    logger: deps.logger,
    purposes: {
      'lesson-video': defineUploadPurpose<LessonUploadMetadata>({
        idPrefix: UPLOAD_ID_PREFIXES['lesson-video'],
        metadataSchema: LessonUploadMetadataSchema,
        maxBytes: () => maxBytes,
        tooLarge: LESSON_UPLOAD_MESSAGES.tooLarge,
        authorize: async (req) => {
          assertAdmin(req);
        },
        finish: (upload, req, logger) => finishLessonUpload(deps, upload, assertAdmin(req), logger),
        findResult: async (uploadId, req) => {
          assertAdmin(req);
          const row = await findLessonUpload(deps.db, uploadId);
          return row ? { size: row.size, body: toLessonUploadResult(row) } : null;
        },
      }),
    },
  });

  const admin = routesWith(router, { access: requireAdmin });

  admin.post(UPLOAD_VIDEO_PATH, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await uploadVideo(deps, req, req.caller.userId));
  });
}

/**
 * A complete upload becomes a lesson video: its first bytes must show an accepted video (else it is removed
 * and refused with a 415), then it is streamed into the object store under `course-media/` with a random
 * name (where the video stream serves lesson files), recorded against its upload id, and its tus bytes are
 * removed.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import {
  LESSON_UPLOAD_MESSAGES,
  LessonUploadMetadataSchema,
  type LessonUploadResult,
} from '@platform/contracts';
import { AppError, type Logger, type ServiceDeps } from '@platform/service-kit';
import type { Upload } from '@tus/server';
import type { CourseConfig } from '../config.js';
import type { LessonUploadRow } from '../db/schema.js';
import { courseMediaKey } from '../media/bundled-media.js';
import { findLessonUpload, insertLessonUpload } from './lesson-uploads.repository.js';
import type { LessonUploadStore } from './upload-store.js';
import { sniffVideoFile } from './video-sniff.js';

export function toLessonUploadResult(row: LessonUploadRow): LessonUploadResult {
  return {
    success: true,
    uploadId: row.id,
    lessonId: row.lessonId,
    file: {
      originalName: row.originalName,
      size: row.size,
      path: row.fileName,
      url: `/api/video-stream/${encodeURIComponent(row.fileName)}`,
      contentType: row.contentType,
    },
  };
}

/** One finishing per upload at a time in this process (the final PATCH and a GET …/result may race). */
const finishing = new Map<string, Promise<LessonUploadResult>>();

export function finishLessonUpload(
  deps: ServiceDeps<CourseConfig>,
  uploads: LessonUploadStore,
  upload: Upload,
  uploadedBy: string,
  logger: Logger,
): Promise<LessonUploadResult> {
  const running = finishing.get(upload.id);
  if (running) return running;
  const work = finish(deps, uploads, upload, uploadedBy, logger).finally(() => finishing.delete(upload.id));
  finishing.set(upload.id, work);
  return work;
}

async function finish(
  deps: ServiceDeps<CourseConfig>,
  uploads: LessonUploadStore,
  upload: Upload,
  uploadedBy: string,
  logger: Logger,
): Promise<LessonUploadResult> {
  const store = deps.store;
  if (!store) throw new AppError('unavailable', 'File storage is not available');
  const existing = await findLessonUpload(deps.db, upload.id);
  if (existing) return toLessonUploadResult(existing);

  const filePath = uploads.filePath(upload.id);
  const type = upload.size === 0 ? null : await sniffVideoFile(filePath);
  if (!type) {
    await uploads.remove(upload.id);
    logger.warn({ uploadId: upload.id }, 'refused a finished upload that is not a video');
    throw new AppError(
      'unsupported_media_type',
      upload.size === 0 ? LESSON_UPLOAD_MESSAGES.empty : LESSON_UPLOAD_MESSAGES.notVideo,
    );
  }
  // Checked when the upload was created; parsed again for its typed values.
  const metadata = LessonUploadMetadataSchema.parse(upload.metadata ?? {});
  const fileName = `lesson-${randomBytes(12).toString('hex')}.${type.extension}`;
  const stored = await store.put(courseMediaKey(fileName), createReadStream(filePath), {
    contentType: type.contentType,
    size: upload.size ?? upload.offset,
  });
  const row: LessonUploadRow = {
    id: upload.id,
    uploadedBy,
    lessonId: metadata.lessonId ?? null,
    originalName: metadata.filename,
    fileName,
    contentType: type.contentType,
    size: stored.size,
    finishedAt: deps.clock.now(),
  };
  if (!(await insertLessonUpload(deps.db, row))) {
    // Another replica finished it first: keep its file, not this copy.
    await store.delete(courseMediaKey(fileName));
    const winner = await findLessonUpload(deps.db, upload.id);
    if (!winner) throw new Error(`lesson upload ${upload.id} vanished while finishing`);
    return toLessonUploadResult(winner);
  }
  await uploads.remove(upload.id).catch((error: unknown) => {
    // The sweep removes what is left after 24 hours.
    logger.warn({ err: error, uploadId: upload.id }, 'could not remove a finished upload’s bytes');
  });
  logger.info(
    { uploadId: upload.id, fileName, size: stored.size, lessonId: row.lessonId },
    'lesson video uploaded',
  );
  return toLessonUploadResult(row);
}

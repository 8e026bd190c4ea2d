/**
 * A complete resumable upload becomes a lesson video: its first bytes must show an accepted video (else it
 * is refused with a 415, and the kit removes its bytes), then it is streamed into the object store under
 * `course-media/` with a random name (where the video stream serves lesson files) and recorded against its
 * upload id.
 */
import {
  LESSON_UPLOAD_MESSAGES,
  type LessonUploadMetadata,
  type LessonUploadResult,
} from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import type { Logger } from '@platform/service-kit/logger';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import { requireStore } from '@platform/service-kit/storage';
import type { FinishedUpload } from '@platform/service-kit/uploads';
import type { CourseConfig } from '../config.js';
import { courseMediaKey } from '../media/bundled-media.js';
import { findLessonUpload, insertLessonUpload } from './lesson-uploads.repository.js';
import { newLessonVideoName, toLessonUploadResult } from './lesson-video-files.js';
import { sniffVideoFile } from './video-sniff.js';

export async function finishLessonUpload(
  deps: ServiceDeps<CourseConfig>,
  upload: FinishedUpload<LessonUploadMetadata>,
  uploadedBy: string,
  logger: Logger,
): Promise<LessonUploadResult> {
  const store = requireStore(deps.store);
  const existing = await findLessonUpload(deps.db, upload.id);
  if (existing) return toLessonUploadResult(existing);

  const type = upload.size === 0 ? null : await sniffVideoFile(upload.filePath);
  if (!type) {
    throw new AppError(
      'unsupported_media_type',
      upload.size === 0 ? LESSON_UPLOAD_MESSAGES.empty : LESSON_UPLOAD_MESSAGES.notVideo,
    );
  }
  const fileName = `${newLessonVideoName()}.${type.extension}`;
  const stored = await store.putFile(courseMediaKey(fileName), upload.filePath, {
    contentType: type.contentType,
    size: upload.size,
  });
  const row = {
    id: upload.id,
    uploadedBy,
    lessonId: upload.metadata.lessonId ?? null,
    originalName: upload.metadata.filename,
    fileName,
    contentType: type.contentType,
    size: stored.size,
    finishedAt: deps.clock.now(),
  };
  let inserted: boolean;
  try {
    inserted = await insertLessonUpload(deps.db, row);
  } catch (error) {
    // Not recorded, so not kept: the kit keeps the upload's bytes, and a retry stores the file again.
    await store.delete(courseMediaKey(fileName)).catch((deleteError: unknown) => {
      logger.warn(
        { err: deleteError, uploadId: upload.id, fileName },
        'could not remove the file of a lesson upload that was not recorded',
      );
    });
    throw error;
  }
  if (!inserted) {
    // Another replica finished it first: keep its file, not this copy.
    await store.delete(courseMediaKey(fileName));
    const winner = await findLessonUpload(deps.db, upload.id);
    if (!winner) throw new Error(`lesson upload ${upload.id} vanished while finishing`);
    return toLessonUploadResult(winner);
  }
  logger.info(
    { uploadId: upload.id, fileName, size: stored.size, lessonId: row.lessonId },
    'lesson video uploaded',
  );
  return toLessonUploadResult(row);
}

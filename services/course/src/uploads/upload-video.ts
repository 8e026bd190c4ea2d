/**
 * `POST /api/upload-video` (docs/behaviour/course-studio.md#video-upload): one lesson video in one
 * multipart request, streamed by the kit's `receiveMultipartFiles` straight into the object store under
 * `course-media/` with a random name, checked by its first bytes (MP4, MOV or WebM only) and against the
 * video limit while it streams. Nothing of a refused upload is kept. The answer is the one a finished
 * resumable upload gives, and the video is recorded with those (the studio lists it).
 */
import { randomUUID } from 'node:crypto';
import { LESSON_UPLOAD_MESSAGES, UPLOAD_ID_PREFIXES, type LessonUploadResult } from '@platform/contracts';
import { AppError, type AppErrorType } from '@platform/service-kit/errors';
import { receiveRequestFiles } from '@platform/service-kit/http';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Request } from 'express';
import type { CourseConfig } from '../config.js';
import { COURSE_MEDIA_PREFIX } from '../media/bundled-media.js';
import { insertLessonUpload } from './lesson-uploads.repository.js';
import { newLessonVideoName, toLessonUploadResult } from './lesson-video-files.js';
import { sniffVideoHead } from './video-sniff.js';

export async function uploadVideo(
  deps: ServiceDeps<CourseConfig>,
  req: Request,
  uploadedBy: string,
): Promise<LessonUploadResult> {
  const maxBytes = deps.config.COURSE_MAX_VIDEO_BYTES;
  const upload = await receiveRequestFiles(deps, {
    req,
    keyPrefix: COURSE_MEDIA_PREFIX.replace(/\/$/, ''),
    newObjectName: newLessonVideoName,
    // A second file is refused with `oneFile` (and then the whole request, below).
    maxFiles: 1,
    ruleFor: () => ({ maxBytes }),
    judge: async (head) => {
      if (head.length === 0) return { ok: false, reason: LESSON_UPLOAD_MESSAGES.empty };
      const type = await sniffVideoHead(head);
      return type
        ? { ok: true, contentType: type.contentType, extension: type.extension }
        : { ok: false, reason: LESSON_UPLOAD_MESSAGES.notVideo };
    },
    messages: {
      notMultipart: LESSON_UPLOAD_MESSAGES.notMultipart,
      tooMany: LESSON_UPLOAD_MESSAGES.oneFile,
      tooLarge: LESSON_UPLOAD_MESSAGES.tooLarge,
    },
  });
  const { outcomes, logger } = upload;

  const refuse = async (error: AppError): Promise<never> => {
    await upload.discard();
    logger.warn({ reason: error.message }, 'refused a video upload');
    throw error;
  };
  if (outcomes.length === 0) return refuse(new AppError('invalid', LESSON_UPLOAD_MESSAGES.noFile));
  if (outcomes.length > 1) return refuse(new AppError('invalid', LESSON_UPLOAD_MESSAGES.oneFile));
  const [outcome] = outcomes;
  if (!outcome || 'rejected' in outcome) {
    const reason = outcome?.rejected.reason ?? LESSON_UPLOAD_MESSAGES.notVideo;
    return refuse(new AppError(refusalType(reason, maxBytes), reason));
  }

  const { stored } = outcome;
  const row = {
    id: `${UPLOAD_ID_PREFIXES['lesson-video']}-${randomUUID().replaceAll('-', '')}`,
    uploadedBy,
    lessonId: null,
    originalName: stored.originalName,
    fileName: stored.objectKey.slice(COURSE_MEDIA_PREFIX.length),
    contentType: stored.contentType,
    size: stored.size,
    finishedAt: deps.clock.now(),
  };
  await upload.recordOrDiscard(() => insertLessonUpload(deps.db, row));
  logger.info({ uploadId: row.id, fileName: row.fileName, size: row.size }, 'lesson video uploaded');
  return toLessonUploadResult(row);
}

/** The status of a refused file: 413 over the limit, 400 when empty, 415 when it is not a video. */
function refusalType(reason: string, maxBytes: number): AppErrorType {
  if (reason === LESSON_UPLOAD_MESSAGES.tooLarge(maxBytes)) return 'payload_too_large';
  if (reason === LESSON_UPLOAD_MESSAGES.empty) return 'invalid';
  return 'unsupported_media_type';
}

/** How an uploaded lesson video is named in the object store, and the answer that describes it. */
import { randomBytes } from 'node:crypto';
import type { LessonUploadResult } from '@platform/contracts';
import type { LessonUploadRow } from '../db/schema.js';

/**
 * A new random name (without extension) for an uploaded video under `course-media/`: hexadecimal, so it
 * never reads as a promotional name (demo, preview, free…) and is always a plain file name.
 */
export function newLessonVideoName(): string {
  return `lesson-${randomBytes(12).toString('hex')}`;
}

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

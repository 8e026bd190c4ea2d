/**
 * Unfinished lesson-video uploads expire 24 hours after their last activity (docs/decisions.md, 29): the
 * kit's expiry job removes their bytes, by the service clock.
 */
import type { ServiceDeps } from '@platform/service-kit/runtime';
import { expireResumableUploadsJob } from '@platform/service-kit/uploads';
import type { CourseConfig } from '../config.js';
import { lessonUploadStore } from './upload-store.js';

export const EXPIRE_LESSON_UPLOADS_JOB = 'expire-lesson-uploads';

export function expireLessonUploadsJob(deps: ServiceDeps<CourseConfig>) {
  return expireResumableUploadsJob({
    name: EXPIRE_LESSON_UPLOADS_JOB,
    store: lessonUploadStore(deps),
    everyMs: deps.config.COURSE_UPLOAD_SWEEP_INTERVAL_MS,
  });
}

/**
 * Unfinished resumable uploads expire 24 hours after they were created (docs/decisions.md, 29): a periodic
 * job removes their bytes through the upload store's `deleteExpired`, by the service clock.
 */
import { definePeriodicJob, type ServiceDeps } from '@platform/service-kit';
import type { CourseConfig } from '../config.js';
import { lessonUploadStore } from './upload-store.js';

export const EXPIRE_LESSON_UPLOADS_JOB = 'expire-lesson-uploads';

export function expireLessonUploadsJob(deps: ServiceDeps<CourseConfig>) {
  const uploads = lessonUploadStore(deps);
  return definePeriodicJob({
    name: EXPIRE_LESSON_UPLOADS_JOB,
    everyMs: deps.config.COURSE_UPLOAD_SWEEP_INTERVAL_MS,
    run: async ({ logger }) => {
      const removed = await uploads.deleteExpired();
      if (removed > 0) logger.info({ removed }, 'removed expired unfinished uploads');
      return { removed };
    },
  });
}

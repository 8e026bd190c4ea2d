/**
 * Where the admin's resumable lesson-video uploads collect their bytes until complete: the kit's tus file
 * store in the service's data folder (`DATA_DIR/uploads/lesson-videos`), in both run modes. A finished
 * video then moves into the object store (finish-lesson-upload.ts).
 */
import path from 'node:path';
import { RESUMABLE_UPLOAD_EXPIRY_MS } from '@platform/contracts';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import { ResumableUploadStore } from '@platform/service-kit/uploads';
import type { CourseConfig } from '../config.js';

export function lessonUploadsDir(config: CourseConfig): string {
  return path.join(config.DATA_DIR, 'uploads', 'lesson-videos');
}

export function lessonUploadStore(deps: ServiceDeps<CourseConfig>): ResumableUploadStore {
  return new ResumableUploadStore({
    directory: lessonUploadsDir(deps.config),
    clock: deps.clock,
    expiryMs: RESUMABLE_UPLOAD_EXPIRY_MS,
  });
}

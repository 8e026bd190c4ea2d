/**
 * Where resumable lesson-video uploads collect their bytes until complete: tus's file store in the
 * service's data folder (`DATA_DIR/uploads/lesson-videos`), in both modes. The finished file then moves into
 * the object store (local folder or S3). tus's S3 store is not used: it resumes through S3 ListParts, which
 * the S3 test server (s3rver) does not implement, so it could not be tested as every other S3 path is.
 *
 * Times are the service clock: an upload's creation date comes from it, and so does the sweep's "now", so
 * tests move a SettableClock to expire uploads.
 */
import path from 'node:path';
import type { Clock, ServiceDeps } from '@platform/service-kit';
import { FileStore } from '@tus/file-store';
import type { Upload } from '@tus/server';
import { LESSON_UPLOAD_EXPIRY_MS } from '@platform/contracts';
import type { CourseConfig } from '../config.js';

export class LessonUploadStore extends FileStore {
  constructor(
    directory: string,
    private readonly clock: Clock,
  ) {
    super({ directory, expirationPeriodInMilliseconds: LESSON_UPLOAD_EXPIRY_MS });
    // Every upload states its whole length when it is created.
    this.extensions = this.extensions.filter((extension) => extension !== 'creation-defer-length');
  }

  override async create(file: Upload): Promise<Upload> {
    file.creation_date = this.clock.now().toISOString();
    return super.create(file);
  }

  /** Removes every upload still here (so not finished) created more than the expiry ago; their count. */
  override async deleteExpired(): Promise<number> {
    const now = this.clock.now().getTime();
    let removed = 0;
    for (const id of (await this.configstore.list?.()) ?? []) {
      const info = await this.configstore.get(id);
      if (!info?.creation_date) continue;
      if (now <= new Date(info.creation_date).getTime() + this.getExpiration()) continue;
      try {
        await this.remove(id);
        removed += 1;
      } catch {
        // Removed meanwhile (finished or cancelled): nothing left to do.
      }
    }
    return removed;
  }

  /** The file holding an upload's bytes. */
  filePath(id: string): string {
    return path.join(this.directory, id);
  }
}

export function lessonUploadsDir(config: CourseConfig): string {
  return path.join(config.DATA_DIR, 'uploads', 'lesson-videos');
}

export function lessonUploadStore(deps: ServiceDeps<CourseConfig>): LessonUploadStore {
  return new LessonUploadStore(lessonUploadsDir(deps.config), deps.clock);
}

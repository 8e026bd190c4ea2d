/**
 * Unfinished resumable uploads expire (docs/decisions.md, 29): a periodic job removes the bytes of every
 * upload whose last activity is older than the store's expiry, by the service clock. A service that mounts resumable uploads
 * declares it in its `jobs`.
 */
import { definePeriodicJob } from '../jobs/index.js';
import type { ResumableUploadStore } from './resumable-upload-store.js';

export interface ExpireResumableUploadsJobOptions {
  /** The job's name within the service, e.g. `expire-lesson-uploads`. */
  name: string;
  store: ResumableUploadStore;
  everyMs: number;
}

export function expireResumableUploadsJob({ name, store, everyMs }: ExpireResumableUploadsJobOptions) {
  return definePeriodicJob({
    name,
    everyMs,
    run: async ({ logger }) => {
      const removed = await store.deleteExpired();
      if (removed > 0) logger.info({ removed }, 'removed expired unfinished uploads');
      return { removed };
    },
  });
}

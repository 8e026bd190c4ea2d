/**
 * Removes every rendition set no lesson plays and no queued transcode is making
 * (docs/behaviour/course-studio.md#adaptive-streaming): a deleted lesson's, the old video's once a lesson
 * shows a link, a document or a video whose transcode failed, and whatever a failed or superseded transcode
 * left behind. A finished transcode removes the set it replaces at once; this catches every other way a
 * set stops being played. Sets are found by listing the store, so one without its master playlist goes too.
 */
import { HOUR } from '@platform/service-kit/clock';
import type { Executor } from '@platform/service-kit/db';
import { definePeriodicJob } from '@platform/service-kit/jobs';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { ObjectStore } from '@platform/service-kit/storage';
import type { CourseConfig } from '../config.js';
import { renditionSetOfKey } from './hls-files.js';
import { listLiveRenditionSets } from './transcodes.repository.js';

export const REMOVE_STALE_RENDITIONS_JOB = 'remove-stale-renditions';

/** Removes the sets not in use; answers how many. */
export async function removeStaleRenditions(db: Executor, store: ObjectStore): Promise<number> {
  // The store is listed before the sets in use are read: a set written after the listing is not touched.
  const listed = new Map<string, string[]>();
  for await (const key of store.list()) {
    const set = renditionSetOfKey(key);
    if (!set) continue;
    const keys = listed.get(set);
    if (keys) keys.push(key);
    else listed.set(set, [key]);
  }
  if (listed.size === 0) return 0;
  const live = await listLiveRenditionSets(db);
  let removed = 0;
  for (const [set, keys] of listed) {
    if (live.has(set)) continue;
    for (const key of keys) await store.delete(key);
    removed += 1;
  }
  return removed;
}

export function removeStaleRenditionsJob(deps: ServiceDeps<CourseConfig>) {
  return definePeriodicJob({
    name: REMOVE_STALE_RENDITIONS_JOB,
    everyMs: HOUR,
    run: async ({ logger }) => {
      if (!deps.store) return { removed: 0 };
      const removed = await removeStaleRenditions(deps.db, deps.store);
      if (removed > 0) logger.info({ removed }, 'removed rendition sets no lesson plays');
      return { removed };
    },
  });
}

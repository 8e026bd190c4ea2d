/** A finished transcode's files for the media suites: one rendition of one segment, and a poster. */
import { eq } from 'drizzle-orm';
import type { CourseUnderTest } from '../../__tests__/harness.js';
import { courseLessons } from '../../db/schema.js';
import { hlsFileKey } from '../../transcoding/hls-files.js';

export const MASTER = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=500000,RESOLUTION=640x360\n360p/index.m3u8\n';
export const VARIANT = '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\nseg-00000.ts\n#EXT-X-ENDLIST\n';
export const SEGMENT = Buffer.concat([Buffer.from([0x47]), Buffer.alloc(187, 7)]);
export const POSTER = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);

/** Gives a lesson the rendition set `set` (as a finished transcode would) and its poster. */
export async function giveLessonStreams(
  course: CourseUnderTest,
  lessonId: number,
  set: string,
): Promise<void> {
  // The lesson names the set before its files exist, so the sweep of unplayed sets never takes them.
  await course.service.deps.db
    .update(courseLessons)
    .set({
      hlsUrl: hlsFileKey(lessonId, set, 'master.m3u8'),
      posterUrl: hlsFileKey(lessonId, set, 'poster.jpg'),
    })
    .where(eq(courseLessons.id, lessonId));
  const store = course.service.deps.store!;
  await store.put(hlsFileKey(lessonId, set, 'master.m3u8'), Buffer.from(MASTER));
  await store.put(hlsFileKey(lessonId, set, '360p/index.m3u8'), Buffer.from(VARIANT));
  await store.put(hlsFileKey(lessonId, set, '360p/seg-00000.ts'), SEGMENT);
  await store.put(hlsFileKey(lessonId, set, 'poster.jpg'), POSTER);
}

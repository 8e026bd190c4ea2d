/**
 * `PUT /api/lessons/:id/video`: the spec's lesson fields (title, video address, content, whole minutes) and
 * the studio's extras (key takeaways, free preview, captions, draft). A new uploaded video is queued for
 * HLS transcoding in the same transaction, and the old video's playlist, poster and captions are dropped, so
 * members get the new file (with its own captions, if any) until its renditions are ready. A save names the
 * `version` it was made from: when another save came first it is refused (409) and changes nothing; each
 * save bumps the version (reorders and transcodes do not).
 */
import {
  COURSE_STUDIO_MESSAGES,
  type StudioLesson,
  type UpdateLessonRequestSchema,
} from '@platform/contracts';
import type { Transaction } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import type { ObjectStore } from '@platform/service-kit/storage';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { courseLessons } from '../db/schema.js';
import { courseMediaKey } from '../media/bundled-media.js';
import { cancelLessonTranscodes, queueLessonTranscode } from '../transcoding/queue-transcode.js';
import { changeCourse, type CourseChangeDeps } from './change-course.js';
import { getStudioLesson, lessonOrNotFound } from './get-studio-outline.js';
import { assertStoredFiles, knownLengthOf, storedVideoOf } from './stored-media.js';

export interface StudioDeps extends CourseChangeDeps {
  store?: ObjectStore | null;
}

/**
 * Called wherever a lesson's video address is set: when it changed, the old renditions go; a stored video
 * is queued for transcoding, anything else cancels what was still queued for the lesson.
 */
export async function onLessonVideoSet(
  tx: Transaction,
  options: { lessonId: number; videoUrl: string | null; now: Date },
): Promise<void> {
  const video = storedVideoOf(options.videoUrl);
  if (video) {
    await queueLessonTranscode(tx, { lessonId: options.lessonId, sourceFile: video, now: options.now });
  } else {
    await cancelLessonTranscodes(tx, options);
  }
}

/** The captions shipped or uploaded beside a stored video (`member-lesson.vtt` for `member-lesson.mp4`), if any. */
async function companionCaptionsOf(
  store: ObjectStore | null | undefined,
  videoUrl: string | null,
): Promise<string | null> {
  const video = storedVideoOf(videoUrl);
  if (!video || !store) return null;
  const captions = video.replace(/\.[^.]+$/, '.vtt');
  return (await store.stat(courseMediaKey(captions))) ? captions : null;
}

export async function updateLesson(
  deps: StudioDeps,
  lessonId: number,
  changes: z.output<typeof UpdateLessonRequestSchema>,
): Promise<StudioLesson> {
  const found = await lessonOrNotFound(deps.db, lessonId);
  await assertStoredFiles(deps.store, changes);
  const companion = await companionCaptionsOf(deps.store, changes.videoUrl);
  const length = await knownLengthOf(changes.videoUrl);
  return changeCourse(deps, found.courseId, async (tx, now) => {
    // Read again under the course lock: another change may have come first.
    const current = await lessonOrNotFound(tx, lessonId);
    // Made from an older version: another tab or admin saved since; taking this one would undo theirs.
    if (changes.version !== undefined && changes.version !== current.lesson.version) {
      throw new AppError('conflict', COURSE_STUDIO_MESSAGES.lessonChanged);
    }
    const videoChanged = current.lesson.videoUrl !== changes.videoUrl;
    // Captions belong to a video: a new video keeps the old one's captions only when the admin picks them
    // again with it; otherwise it gets its own (`<name>.vtt` beside it) or none.
    const captionsFile =
      videoChanged &&
      (changes.captionsFile === undefined || changes.captionsFile === current.lesson.captionsFile)
        ? companion
        : changes.captionsFile;
    await tx
      .update(courseLessons)
      .set({
        title: changes.title,
        videoUrl: changes.videoUrl,
        content: changes.content,
        // The length is the media's: a new video's known one, or none until a transcode measures it.
        ...(videoChanged && { duration: length }),
        ...(changes.keyPoints !== undefined && { keyPoints: changes.keyPoints }),
        ...(changes.isFree !== undefined && { isFree: changes.isFree }),
        ...(captionsFile !== undefined && { captionsFile }),
        ...(changes.isPublished !== undefined && { isPublished: changes.isPublished }),
        version: sql`${courseLessons.version} + 1`,
      })
      .where(eq(courseLessons.id, lessonId));
    if (videoChanged) {
      await onLessonVideoSet(tx, { lessonId, videoUrl: changes.videoUrl, now });
    }
    return getStudioLesson(tx, lessonId);
  });
}

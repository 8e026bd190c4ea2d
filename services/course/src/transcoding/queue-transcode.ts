/**
 * Queues a lesson video's transcoding into HLS (docs/behaviour/course-studio.md#adaptive-streaming), in
 * the caller's transaction: whatever gives a lesson a new stored video calls it beside that change, so the
 * lesson and its work item commit together and the queue is woken at commit (a rollback queues and wakes
 * nothing). Call it only when the lesson's video file changed: each call transcodes again.
 */
import { randomUUID } from 'node:crypto';
import type { Executor } from '@platform/service-kit/db';
import { schemaOf, wakeAfterCommit } from '@platform/service-kit/jobs';
import { and, eq } from 'drizzle-orm';
import { courseLessons, lessonTranscodes } from '../db/schema.js';

/** The work queue's name, also its wake-up topic. */
export const LESSON_TRANSCODE_QUEUE = 'lesson-transcoding';

export interface QueueLessonTranscode {
  lessonId: number;
  /** The source video's file name under `course-media/` (as the lesson's `videoUrl` names it). */
  sourceFile: string;
  /** Service time: the item is due at once. */
  now: Date;
}

/**
 * Forgets the lesson's streams and poster (they show the video being replaced: until the new one is
 * transcoded, members get its MP4) and supersedes its queued items (one being transcoded right now
 * finishes without touching the lesson). For a lesson whose video became a link, a document or nothing.
 */
export async function cancelLessonTranscodes(
  tx: Executor,
  item: { lessonId: number; now: Date },
): Promise<void> {
  // The lesson first, then its items: the order the worker locks them in when it records a result.
  await tx
    .update(courseLessons)
    .set({ hlsUrl: null, posterUrl: null })
    .where(eq(courseLessons.id, item.lessonId));
  await tx
    .update(lessonTranscodes)
    .set({ status: 'superseded', finishedAt: item.now, lockedUntil: null })
    .where(and(eq(lessonTranscodes.lessonId, item.lessonId), eq(lessonTranscodes.status, 'queued')));
}

/** Supersedes what was queued for the lesson and queues this video; answers the new item's id. */
export async function queueLessonTranscode(tx: Executor, item: QueueLessonTranscode): Promise<string> {
  await cancelLessonTranscodes(tx, item);
  const id = randomUUID();
  await tx.insert(lessonTranscodes).values({
    id,
    lessonId: item.lessonId,
    sourceFile: item.sourceFile,
    status: 'queued',
    nextAttemptAt: item.now,
    createdAt: item.now,
  });
  await wakeAfterCommit(tx, schemaOf(lessonTranscodes), LESSON_TRANSCODE_QUEUE);
  return id;
}

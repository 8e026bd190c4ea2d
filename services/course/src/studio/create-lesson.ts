/**
 * `POST /api/modules/:id/lessons`: a new lesson at the end of the section, a draft unless published at once.
 * Sent again under its `requestId`, the lesson made the first time (creation-request.ts).
 */
import type { CreateLessonRequestSchema, StudioLesson } from '@platform/contracts';
import type { z } from 'zod';
import { courseLessons } from '../db/schema.js';
import { changeCourse } from './change-course.js';
import { creationRequest, madeBefore, madeMeanwhile } from './creation-request.js';
import { getStudioLesson, sectionOrNotFound } from './get-studio-outline.js';
import { assertStoredFiles, knownLengthOf } from './stored-media.js';
import { nextLessonPosition } from './studio.repository.js';
import { onLessonVideoSet, type StudioDeps } from './update-lesson.js';

export async function createLesson(
  deps: StudioDeps,
  moduleId: number,
  input: z.output<typeof CreateLessonRequestSchema>,
): Promise<StudioLesson> {
  const module = await sectionOrNotFound(deps.db, moduleId);
  const creation = creationRequest('lesson', moduleId, input);
  // Sent again: answered without checking its files once more (one may be gone since).
  const made = creation && (await madeBefore(deps.db, creation));
  if (made) return getStudioLesson(deps.db, made);
  await assertStoredFiles(deps.store, input);
  const duration = await knownLengthOf(input.videoUrl ?? null);
  return changeCourse(deps, module.courseId, async (tx, now) => {
    // The section may have gone while the course was not locked yet.
    await sectionOrNotFound(tx, moduleId);
    // Checked again under the course's lock, which a creation sent again at once waits for.
    const earlier = creation && (await madeBefore(tx, creation));
    if (earlier) return getStudioLesson(tx, earlier);
    const videoUrl = input.videoUrl ?? null;
    const [created] = await tx
      .insert(courseLessons)
      .values({
        moduleId,
        title: input.title,
        content: input.content ?? '',
        videoUrl,
        captionsFile: input.captionsFile ?? null,
        orderIndex: await nextLessonPosition(tx, moduleId),
        duration,
        isFree: input.isFree ?? false,
        keyPoints: input.keyPoints ?? [],
        isPublished: input.isPublished ?? false,
        creationRequestId: creation?.requestId ?? null,
        creationFingerprint: creation?.fingerprint ?? null,
      })
      // The same id sent to another course at once: that course's lock does not hold this one.
      .onConflictDoNothing({ target: courseLessons.creationRequestId })
      .returning({ id: courseLessons.id });
    if (!created) return getStudioLesson(tx, await madeMeanwhile(tx, creation!));
    if (videoUrl) await onLessonVideoSet(tx, { lessonId: created.id, videoUrl, now });
    return getStudioLesson(tx, created.id);
  });
}

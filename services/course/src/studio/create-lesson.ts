/** `POST /api/modules/:id/lessons`: a new lesson at the end of the section, a draft unless published at once. */
import {
  MODULE_NOT_FOUND_MESSAGE,
  type CreateLessonRequestSchema,
  type StudioLesson,
} from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import type { z } from 'zod';
import { courseLessons } from '../db/schema.js';
import { changeCourse } from './change-course.js';
import { getStudioLesson } from './get-studio-outline.js';
import { assertStoredFiles, knownLengthOf } from './stored-media.js';
import { nextLessonPosition } from './studio.repository.js';
import { findModule } from '../learning/learning.repository.js';
import { onLessonVideoSet, type StudioDeps } from './update-lesson.js';

export async function createLesson(
  deps: StudioDeps,
  moduleId: number,
  input: z.output<typeof CreateLessonRequestSchema>,
): Promise<StudioLesson> {
  const module = await findModule(deps.db, moduleId);
  if (!module) throw new AppError('not_found', MODULE_NOT_FOUND_MESSAGE);
  await assertStoredFiles(deps.store, input);
  const duration = await knownLengthOf(input.videoUrl ?? null);
  return changeCourse(deps, module.courseId, async (tx, now) => {
    // The section may have gone while the course was not locked yet.
    if (!(await findModule(tx, moduleId))) throw new AppError('not_found', MODULE_NOT_FOUND_MESSAGE);
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
      })
      .returning({ id: courseLessons.id });
    if (videoUrl) await onLessonVideoSet(tx, { lessonId: created!.id, videoUrl, now });
    return getStudioLesson(tx, created!.id);
  });
}

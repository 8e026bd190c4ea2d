/**
 * `DELETE /api/lessons/:id`: the lesson, with every member's progress in it and its transcodings (the
 * foreign keys cascade). A member who had done every other lesson of the section has now finished it.
 */
import { LESSON_NOT_FOUND_MESSAGE } from '@platform/contracts';
import type { Clock } from '@platform/service-kit/clock';
import type { Database } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import { eq } from 'drizzle-orm';
import { courseLessons } from '../db/schema.js';
import { changeCourse } from './change-course.js';
import { findLesson } from '../learning/learning.repository.js';

export async function deleteLesson(deps: { db: Database; clock: Clock }, lessonId: number): Promise<void> {
  const found = await findLesson(deps.db, lessonId);
  if (!found) throw new AppError('not_found', LESSON_NOT_FOUND_MESSAGE);
  await changeCourse(deps, found.courseId, async (tx) => {
    const deleted = await tx
      .delete(courseLessons)
      .where(eq(courseLessons.id, lessonId))
      .returning({ id: courseLessons.id });
    if (deleted.length === 0) throw new AppError('not_found', LESSON_NOT_FOUND_MESSAGE);
  });
}

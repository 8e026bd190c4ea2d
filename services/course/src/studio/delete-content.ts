/**
 * The studio's deletes of a section or a lesson, each one change of its course (change-course.ts). The
 * foreign keys cascade: progress, completions, new-section notices and transcodings go with the row;
 * enrolments stay, and a member who has now done everything left of the section or course has finished it.
 */
import { LESSON_NOT_FOUND_MESSAGE, MODULE_NOT_FOUND_MESSAGE } from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import { eq } from 'drizzle-orm';
import { courseLessons, courseModules } from '../db/schema.js';
import { findLesson, findModule } from '../learning/learning.repository.js';
import { changeCourse, type CourseChangeDeps } from './change-course.js';

type Deps = CourseChangeDeps;

/** `DELETE /api/modules/:id`: the section and its lessons. */
export async function deleteModule(deps: Deps, moduleId: number): Promise<void> {
  await deleteRow(deps, courseModules, moduleId, findModule, MODULE_NOT_FOUND_MESSAGE);
}

/** `DELETE /api/lessons/:id`: the lesson. */
export async function deleteLesson(deps: Deps, lessonId: number): Promise<void> {
  await deleteRow(deps, courseLessons, lessonId, findLesson, LESSON_NOT_FOUND_MESSAGE);
}

/** Deletes the row in its course's change; one deleted meanwhile is the same 404 as one never there. */
async function deleteRow(
  deps: Deps,
  table: typeof courseModules | typeof courseLessons,
  id: number,
  find: (db: Executor, id: number) => Promise<{ courseId: number } | null>,
  notFoundMessage: string,
): Promise<void> {
  const found = await find(deps.db, id);
  if (!found) throw new AppError('not_found', notFoundMessage);
  await changeCourse(deps, found.courseId, async (tx) => {
    const deleted = await tx.delete(table).where(eq(table.id, id)).returning({ id: table.id });
    if (deleted.length === 0) throw new AppError('not_found', notFoundMessage);
  });
}

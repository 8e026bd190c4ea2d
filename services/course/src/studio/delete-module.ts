/**
 * `DELETE /api/modules/:id`: the section and its lessons. Their progress, completions, new-section notices
 * and transcodings go with them (the foreign keys cascade); enrolments stay, and a member who has now done
 * every remaining section has finished the course.
 */
import { MODULE_NOT_FOUND_MESSAGE } from '@platform/contracts';
import type { Clock } from '@platform/service-kit/clock';
import type { Database } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import { eq } from 'drizzle-orm';
import { courseModules } from '../db/schema.js';
import { changeCourse } from './change-course.js';
import { findModule } from '../learning/learning.repository.js';

export async function deleteModule(deps: { db: Database; clock: Clock }, moduleId: number): Promise<void> {
  const module = await findModule(deps.db, moduleId);
  if (!module) throw new AppError('not_found', MODULE_NOT_FOUND_MESSAGE);
  await changeCourse(deps, module.courseId, async (tx) => {
    const deleted = await tx
      .delete(courseModules)
      .where(eq(courseModules.id, moduleId))
      .returning({ id: courseModules.id });
    if (deleted.length === 0) throw new AppError('not_found', MODULE_NOT_FOUND_MESSAGE);
  });
}

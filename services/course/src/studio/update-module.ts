/** `PUT /api/modules/:id`: a section's title, and the studio's extras (description, release day, draft). */
import {
  MODULE_NOT_FOUND_MESSAGE,
  type StudioSection,
  type UpdateModuleRequestSchema,
} from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { courseModules } from '../db/schema.js';
import { changeCourse, type CourseChangeDeps } from './change-course.js';
import { getStudioSection } from './get-studio-outline.js';
import { findModule } from '../learning/learning.repository.js';

export async function updateModule(
  deps: CourseChangeDeps,
  moduleId: number,
  changes: z.output<typeof UpdateModuleRequestSchema>,
): Promise<StudioSection> {
  const module = await findModule(deps.db, moduleId);
  if (!module) throw new AppError('not_found', MODULE_NOT_FOUND_MESSAGE);
  return changeCourse(deps, module.courseId, async (tx) => {
    const updated = await tx
      .update(courseModules)
      .set({
        title: changes.title,
        ...(changes.description !== undefined && { description: changes.description }),
        ...(changes.availableAfterDays !== undefined && { availableAfterDays: changes.availableAfterDays }),
        ...(changes.isPublished !== undefined && { isPublished: changes.isPublished }),
      })
      .where(eq(courseModules.id, moduleId))
      .returning({ id: courseModules.id });
    // Deleted meanwhile.
    if (updated.length === 0) throw new AppError('not_found', MODULE_NOT_FOUND_MESSAGE);
    return getStudioSection(tx, moduleId);
  });
}

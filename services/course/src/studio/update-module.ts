/**
 * `PUT /api/modules/:id`: a section's title, and the studio's extras (description, release day, draft). A
 * save made from an older `version` than the stored one is refused (409) and changes nothing; each save
 * bumps it (reorders do not).
 */
import {
  COURSE_STUDIO_MESSAGES,
  MODULE_NOT_FOUND_MESSAGE,
  type StudioSection,
  type UpdateModuleRequestSchema,
} from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { courseModules } from '../db/schema.js';
import { changeCourse, type CourseChangeDeps } from './change-course.js';
import { getStudioSection, sectionOrNotFound } from './get-studio-outline.js';

export async function updateModule(
  deps: CourseChangeDeps,
  moduleId: number,
  changes: z.output<typeof UpdateModuleRequestSchema>,
): Promise<StudioSection> {
  const module = await sectionOrNotFound(deps.db, moduleId);
  return changeCourse(deps, module.courseId, async (tx) => {
    // Read again under the course lock: another save may have come first.
    const current = await sectionOrNotFound(tx, moduleId);
    if (changes.version !== undefined && changes.version !== current.version) {
      throw new AppError('conflict', COURSE_STUDIO_MESSAGES.moduleChanged);
    }
    const updated = await tx
      .update(courseModules)
      .set({
        title: changes.title,
        ...(changes.description !== undefined && { description: changes.description }),
        ...(changes.availableAfterDays !== undefined && { availableAfterDays: changes.availableAfterDays }),
        ...(changes.isPublished !== undefined && { isPublished: changes.isPublished }),
        version: sql`${courseModules.version} + 1`,
      })
      .where(eq(courseModules.id, moduleId))
      .returning({ id: courseModules.id });
    // Deleted meanwhile.
    if (updated.length === 0) throw new AppError('not_found', MODULE_NOT_FOUND_MESSAGE);
    return getStudioSection(tx, moduleId);
  });
}

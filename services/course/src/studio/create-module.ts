/**
 * `POST /api/courses/:id/modules`: a new section at the end of the course, a draft unless published at
 * once, released by default the day after the latest section.
 */
import type { CreateModuleRequestSchema, StudioSection } from '@platform/contracts';
import type { Clock } from '@platform/service-kit/clock';
import type { Database } from '@platform/service-kit/db';
import type { z } from 'zod';
import { courseModules } from '../db/schema.js';
import { changeCourse } from './change-course.js';
import { getStudioSection } from './get-studio-outline.js';
import { latestReleaseDay, nextModulePosition } from './studio.repository.js';

export async function createModule(
  deps: { db: Database; clock: Clock },
  courseId: number,
  input: z.output<typeof CreateModuleRequestSchema>,
): Promise<StudioSection> {
  return changeCourse(deps, courseId, async (tx) => {
    const latest = await latestReleaseDay(tx, courseId);
    const [created] = await tx
      .insert(courseModules)
      .values({
        courseId,
        title: input.title,
        description: input.description ?? '',
        orderIndex: await nextModulePosition(tx, courseId),
        availableAfterDays: input.availableAfterDays ?? (latest === null ? 0 : latest + 1),
        isPublished: input.isPublished ?? false,
      })
      .returning({ id: courseModules.id });
    return getStudioSection(tx, created!.id);
  });
}

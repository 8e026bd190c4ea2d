/**
 * `POST /api/courses/:id/modules`: a new section at the end of the course, a draft unless published at
 * once, released by default the day after the latest section (at most on the last day allowed). Sent again
 * under its `requestId`, the section made the first time (creation-request.ts).
 */
import {
  STUDIO_RELEASE_DAY_MAX,
  type CreateModuleRequestSchema,
  type StudioSection,
} from '@platform/contracts';
import type { z } from 'zod';
import { courseModules } from '../db/schema.js';
import { changeCourse, type CourseChangeDeps } from './change-course.js';
import { creationRequest, madeBefore, madeMeanwhile } from './creation-request.js';
import { getStudioSection } from './get-studio-outline.js';
import { latestReleaseDay, nextModulePosition } from './studio.repository.js';

export async function createModule(
  deps: CourseChangeDeps,
  courseId: number,
  input: z.output<typeof CreateModuleRequestSchema>,
): Promise<StudioSection> {
  const creation = creationRequest('module', courseId, input);
  return changeCourse(deps, courseId, async (tx) => {
    // Checked under the course's lock, which a creation sent again at once waits for.
    const earlier = creation && (await madeBefore(tx, creation));
    if (earlier) return getStudioSection(tx, earlier);
    const latest = await latestReleaseDay(tx, courseId);
    const [created] = await tx
      .insert(courseModules)
      .values({
        courseId,
        title: input.title,
        description: input.description ?? '',
        orderIndex: await nextModulePosition(tx, courseId),
        // Never past the last day a section may open on, which the editor could then not save.
        availableAfterDays:
          input.availableAfterDays ?? (latest === null ? 0 : Math.min(latest + 1, STUDIO_RELEASE_DAY_MAX)),
        isPublished: input.isPublished ?? false,
        creationRequestId: creation?.requestId ?? null,
        creationFingerprint: creation?.fingerprint ?? null,
      })
      // The same id sent to another course at once: that course's lock does not hold this one.
      .onConflictDoNothing({ target: courseModules.creationRequestId })
      .returning({ id: courseModules.id });
    return getStudioSection(tx, created ? created.id : await madeMeanwhile(tx, creation!));
  });
}

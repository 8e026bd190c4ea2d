/**
 * `GET /api/enrollments/dashboard` (docs/behaviour/member-learning.md#api-calls; docs/decisions.md, 51):
 * everything `/dashboard` shows, in one read beside the user's. The enrolments are `GET /api/enrollments`'s
 * answer; the course the dashboard follows and its sections are `GET /api/courses/:id`'s and
 * `GET /api/courses/:id/available-modules`' answers for it, so the page can keep them where those calls keep
 * theirs. Any signed-in caller; a visitor gets 401 `{ message: 'Unauthorized' }` (the page reads it as null).
 */
import { z } from 'zod';
import { EnrollmentListSchema } from './list-enrollments.js';
import { AvailableModuleListSchema, CourseSummarySchema } from './member-learning.js';

export const ProgressDashboardSchema = z.object({
  /** The caller's standing enrolments, oldest first. */
  enrollments: EnrollmentListSchema,
  /**
   * The course the dashboard follows: the oldest enrolment's; for the admin without an enrolment, the first
   * published course (`preview`: every section open, docs/decisions.md, 30). Null when there is none (no
   * enrolment, or an admin and no course at all).
   */
  shown: z
    .object({
      course: CourseSummarySchema,
      sections: AvailableModuleListSchema,
      preview: z.boolean(),
    })
    .nullable(),
});
export type ProgressDashboard = z.infer<typeof ProgressDashboardSchema>;

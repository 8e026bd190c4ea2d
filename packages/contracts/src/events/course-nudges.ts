/**
 * The course's nudges (docs/behaviour/member-learning.md#nudges), found by its periodic job, each once:
 * `course.sections.unlocked` when sections open for a learner, `course.learner.inactive` after 7 days without
 * activity (once per gap, never to someone who finished). The notification service e-mails them unless the
 * learner turned that kind off.
 */
import { z } from 'zod';
import { emailedAccount } from './fields.js';
import { isoDateTime } from '../http/fields.js';

export const CourseSectionsUnlockedSchema = z.object({
  ...emailedAccount,
  courseId: z.number().int().positive(),
  courseTitle: z.string(),
  sections: z.array(z.object({ id: z.number().int().positive(), title: z.string() })).min(1),
  unlockedAt: isoDateTime,
});
export type CourseSectionsUnlocked = z.infer<typeof CourseSectionsUnlockedSchema>;

export const CourseLearnerInactiveSchema = z.object({
  ...emailedAccount,
  courseId: z.number().int().positive(),
  courseTitle: z.string(),
  lastActiveAt: isoDateTime,
  /** The lesson to pick up from (the newest touched), or null to start at the course. */
  resumeLessonId: z.number().int().positive().nullable(),
});
export type CourseLearnerInactive = z.infer<typeof CourseLearnerInactiveSchema>;

/**
 * `GET /api/lessons/:id/navigation`: where a lesson sits in its course, for the lesson page's previous and
 * next links and for telling a locked lesson ("opens on …") from one that does not exist. It carries titles
 * and release times only, never content, key points or media, so it answers for locked lessons too. Who may
 * call it: as `GET /api/lessons/:id` (a member of the course, or the admin); 404 `LESSON_NOT_FOUND_MESSAGE`
 * for a lesson that does not exist.
 */
import { z } from 'zod';
import { LockReasonSchema } from './member-learning.js';
import { isoDateTime } from '../fields.js';

/** One lesson as a stop on the way through the course: enough to link to it, or say when it opens. */
export const LessonStopSchema = z.object({
  id: z.number().int().positive(),
  moduleId: z.number().int().positive(),
  title: z.string(),
  /** As in `MemberLesson`: the section is not released to the caller and the lesson was never completed. */
  isLocked: z.boolean(),
  completed: z.boolean(),
  /** The section's scheduled release (exact instant, ISO); null for the admin without an enrolment. */
  unlockDate: isoDateTime.nullable(),
  /** Why a locked lesson waits (its day has not come, the consultation, or a blocked account); null when open. */
  lockedReason: LockReasonSchema.nullable(),
});
export type LessonStop = z.infer<typeof LessonStopSchema>;

export const LessonNavigationSchema = z.object({
  courseId: z.number().int().positive(),
  /** The lesson's section, with its 1-based place in the course. */
  section: z.object({
    id: z.number().int().positive(),
    title: z.string(),
    number: z.number().int().positive(),
  }),
  lesson: LessonStopSchema,
  /** The lessons before and after it in course order (sections in order, then lessons), crossing sections. */
  previous: LessonStopSchema.nullable(),
  next: LessonStopSchema.nullable(),
});
export type LessonNavigation = z.infer<typeof LessonNavigationSchema>;

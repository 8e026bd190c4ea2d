/**
 * The course service's part of the admin's customers (docs/behaviour/admin.md#customers; docs/decisions.md,
 * 100): for each asked account, every course with whether they have it, their progress and the lesson
 * they are stuck at, their last activity, and the admin's grants and revocations of access, each with its
 * reason, who and when (append-only).
 */
import { z } from 'zod';
import { DripOverrideRequestSchema } from './learners.js';
import { isoDateTime } from '../fields.js';

export const CUSTOMER_LEARNING_MAX_USERS = 50;

export const ACCESS_MESSAGES = {
  courseNotFound: 'Course not found',
  alreadyHas: 'This customer already has this course',
  hasNot: 'This customer does not have this course',
} as const;

/** `GET /api/admin/customers/learning?userIds=a,b,…`: up to 50 account ids, comma-separated. */
export const CustomerLearningQuerySchema = z.object({
  userIds: z
    .string('userIds is required')
    .transform((text) => [...new Set(text.split(',').map((id) => id.trim()))].filter(Boolean))
    .pipe(
      z
        .array(z.uuid('userIds must be account ids'))
        .min(1, 'userIds is required')
        .max(CUSTOMER_LEARNING_MAX_USERS, `At most ${CUSTOMER_LEARNING_MAX_USERS} userIds`),
    ),
});
export type CustomerLearningQuery = z.infer<typeof CustomerLearningQuerySchema>;

/** `POST /api/admin/customers/learning/:userId/grant` and `…/revoke`. */
export const CustomerAccessRequestSchema = DripOverrideRequestSchema.extend({
  courseId: z
    .number('Please choose a course')
    .int('Please choose a course')
    .positive('Please choose a course'),
});
export type CustomerAccessRequest = z.infer<typeof CustomerAccessRequestSchema>;

export const CustomerCourseSchema = z.object({
  courseId: z.number().int().positive(),
  courseTitle: z.string(),
  hasAccess: z.boolean(),
  /** When the standing enrolment began; null without access. */
  enrolledAt: isoDateTime.nullable(),
  sectionCount: z.number().int().nonnegative(),
  completedSectionCount: z.number().int().nonnegative(),
  completedAt: isoDateTime.nullable(),
  /** The first published lesson, in course order, not yet completed; null when none is left or no access. */
  stuckAt: z
    .object({ sectionTitle: z.string(), lessonTitle: z.string(), lastOpenedAt: isoDateTime.nullable() })
    .nullable(),
});
export type CustomerCourse = z.infer<typeof CustomerCourseSchema>;

export const CustomerAccessActionSchema = z.enum(['grant', 'revoke']);
export type CustomerAccessAction = z.infer<typeof CustomerAccessActionSchema>;

export const CustomerAccessEntrySchema = z.object({
  courseId: z.number().int().positive(),
  action: CustomerAccessActionSchema,
  reason: z.string(),
  /** The admin who did it. */
  adminEmail: z.string(),
  createdAt: isoDateTime,
});
export type CustomerAccessEntry = z.infer<typeof CustomerAccessEntrySchema>;

export const CustomerLearningSchema = z.object({
  userId: z.string(),
  courses: z.array(CustomerCourseSchema),
  /** The newest lesson the customer opened or completed; null when none. */
  lastActivityAt: isoDateTime.nullable(),
  /** Newest first. */
  accessLog: z.array(CustomerAccessEntrySchema),
});
export type CustomerLearning = z.infer<typeof CustomerLearningSchema>;
export const CustomerLearningListSchema = z.array(CustomerLearningSchema);
export type CustomerLearningList = z.infer<typeof CustomerLearningListSchema>;

/**
 * The admin's learners (docs/behaviour/admin.md#learners; docs/decisions.md, 86): every enrolled learner's
 * progress and drip, and the two overrides, each with the reason kept: open every section
 * (`unlock-all`), or restart the schedule from now (`reset-progress`). Neither locks what the learner
 * completed.
 */
import { z } from 'zod';
import { textField } from '../text.js';
import { isoDateTime } from '../fields.js';

export const LEARNER_NOT_FOUND_MESSAGE = 'Learner not found';
export const OVERRIDE_REASON_MAX_LENGTH = 500;

/** `/api/admin/learners/:userId/…`: an account id (auth's ids are UUIDs). */
export const LearnerIdParamsSchema = z.object({ userId: z.uuid(LEARNER_NOT_FOUND_MESSAGE) });

/** An admin's change to one learner, with the reason kept (a drip override, a grant or revocation of access). */
export const DripOverrideRequestSchema = z.object({
  reason: textField({
    min: 1,
    max: OVERRIDE_REASON_MAX_LENGTH,
    required: 'Please give a reason',
    tooLong: `The reason must be at most ${OVERRIDE_REASON_MAX_LENGTH} characters`,
  }),
});
export type DripOverrideRequest = z.infer<typeof DripOverrideRequestSchema>;

export const DripOverrideActionSchema = z.enum(['unlock_all', 'reset_progress']);
export type DripOverrideAction = z.infer<typeof DripOverrideActionSchema>;

export const DripOverrideEntrySchema = z.object({
  action: DripOverrideActionSchema,
  reason: z.string(),
  createdAt: isoDateTime,
});
export type DripOverrideEntry = z.infer<typeof DripOverrideEntrySchema>;

export const AdminLearnerSchema = z.object({
  userId: z.string(),
  /** As the account gives it; empty when the course was never told. */
  name: z.string(),
  email: z.string(),
  courseId: z.number().int().positive(),
  courseTitle: z.string(),
  enrolledAt: isoDateTime,
  sectionCount: z.number().int().nonnegative(),
  completedSectionCount: z.number().int().nonnegative(),
  completedAt: isoDateTime.nullable(),
  unlockedAllAt: isoDateTime.nullable(),
  scheduleRestartedAt: isoDateTime.nullable(),
  /** Newest first. */
  overrides: z.array(DripOverrideEntrySchema),
});
export type AdminLearner = z.infer<typeof AdminLearnerSchema>;
export const AdminLearnerListSchema = z.array(AdminLearnerSchema);
export type AdminLearnerList = z.infer<typeof AdminLearnerListSchema>;

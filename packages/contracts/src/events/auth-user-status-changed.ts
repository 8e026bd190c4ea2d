/**
 * `auth.user.status-changed`: a user's `planStatus` or `consultationStatus` changed (docs/decisions.md, 19:
 * the consultation status follows the submission). The course service keeps the newest per user (by
 * `changedAt`) for the rs_pending rule (sections 2-8 wait until the consultation is submitted) and the
 * rs_blocked rule (no section opens while the owner is blocked). Carries the whole current state, so a
 * consumer needs no earlier event.
 */
import { z } from 'zod';
import { AccountEmailSchema } from '../http/auth/email.js';
import { PlanStatusSchema, UserConsultationStatusSchema } from '../http/auth/get-auth-user.js';

export const AuthUserStatusChangedSchema = z.object({
  userId: z.string().min(1),
  planStatus: PlanStatusSchema,
  consultationStatus: UserConsultationStatusSchema,
  changedAt: z.iso.datetime({ offset: true }),
  /**
   * Who the user is, so a service that keeps its own list of some users (the revenue service's owners)
   * needs no other event; optional, as events sent before these fields existed carry none.
   */
  email: AccountEmailSchema.optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
});
export type AuthUserStatusChanged = z.infer<typeof AuthUserStatusChangedSchema>;

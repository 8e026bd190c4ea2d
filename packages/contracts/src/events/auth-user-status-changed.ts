/**
 * `auth.user.status-changed`: a user's `planStatus` or `consultationStatus` changed (docs/decisions.md, 19:
 * the consultation status follows the submission). The course service keeps the newest per user for the
 * rs_pending rule (sections 2-8 wait until the consultation is submitted); the revenue service keeps the owner's name and consultation
 * status. Newest is the highest `sequence`; only an event without one is ordered by `changedAt`. Carries
 * the whole current state, so a consumer needs no earlier event.
 */
import { z } from 'zod';
import { AccountEmailSchema } from '../http/auth/email.js';
import { PlanStatusSchema, UserConsultationStatusSchema } from '../http/auth/get-auth-user.js';
import { isoDateTime } from '../http/fields.js';

export const AuthUserStatusChangedSchema = z.object({
  userId: z.string().min(1),
  planStatus: PlanStatusSchema,
  consultationStatus: UserConsultationStatusSchema,
  changedAt: isoDateTime,
  /**
   * The user's own count of status changes (1 for the first announced), taken in the transaction that
   * made the change while it holds the user's row, so a later change always carries a higher number, even
   * when two changes share a `changedAt` (a clock that stands still, replicas whose clocks disagree).
   * Consumers keep the highest. Optional: events sent before it existed carry none, and a consumer orders
   * those by `changedAt`.
   */
  sequence: z.number().int().positive().optional(),
  /**
   * Who the user is, so a service that keeps its own list of some users (the revenue service's owners)
   * needs no other event; optional, as events sent before these fields existed carry none.
   */
  email: AccountEmailSchema.optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
});
export type AuthUserStatusChanged = z.infer<typeof AuthUserStatusChangedSchema>;

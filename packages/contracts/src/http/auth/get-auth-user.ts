/**
 * `GET /api/auth/user`: the signed-in user as the browser sees it (401 `{ message: 'Unauthorized' }` for
 * visitors). Never carries a password hash, a token or a payment-provider id. `GET /api/auth/session`
 * asks the same without an error for visitors: 200 `{ user }`, null when nobody is signed in (the pages
 * ask it on every load, and a 401 there is logged by the browser as a failed request).
 */
import { z } from 'zod';
import { RoleSchema } from '../identity.js';

export const SubscriptionStatusSchema = z.enum(['active', 'inactive', 'trial', 'cancelled']);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

export const PlanStatusSchema = z.enum(['rs_pending', 'rs_active', 'regular']);
export type PlanStatus = z.infer<typeof PlanStatusSchema>;

export const UserConsultationStatusSchema = z.enum(['not_started', 'in_progress', 'submitted', 'approved']);
export type UserConsultationStatus = z.infer<typeof UserConsultationStatusSchema>;

export const AuthUserSchema = z.object({
  /** UUID. */
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  profileImageUrl: z.string().nullable(),
  role: RoleSchema,
  isMember: z.boolean(),
  /** ISO 8601, or null when not a member. */
  memberSince: z.string().nullable(),
  subscriptionStatus: SubscriptionStatusSchema,
  planStatus: PlanStatusSchema,
  consultationStatus: UserConsultationStatusSchema,
  /** A member whose subscription is active (not a trial). */
  isPaidMember: z.boolean(),
  /** Signed in before the session this answer is for: the pages greet 'Welcome back', else 'Welcome'. */
  returning: z.boolean(),
});
export type AuthUser = z.infer<typeof AuthUserSchema>;

export const AuthSessionSchema = z.object({ user: AuthUserSchema.nullable() });
export type AuthSession = z.infer<typeof AuthSessionSchema>;

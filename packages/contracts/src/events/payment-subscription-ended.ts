/**
 * `payment.subscription.ended`: the Stripe subscription a membership order started was cancelled or
 * stopped being paid (Stripe's `customer.subscription.deleted`). Auth handles it like a revoked grant:
 * the order's grant is revoked, membership ends when no other grant stands, and `auth.member.revoked`
 * follows (course withdraws the enrolment). Emitted once per order.
 */
import { z } from 'zod';
import { AccountEmailSchema } from '../http/auth/email.js';
import { isoDateTime } from '../http/fields.js';

export const PaymentSubscriptionEndedSchema = z.object({
  orderId: z.uuid(),
  email: AccountEmailSchema,
  courseIds: z.array(z.number().int().positive()),
  /** Stripe's subscription id (`sub_…`). */
  subscriptionId: z.string().min(1),
  /** Why Stripe ended it, when it says (`cancellation_requested`, `payment_failed`, …). */
  reason: z.string().nullable(),
  endedAt: isoDateTime,
});
export type PaymentSubscriptionEnded = z.infer<typeof PaymentSubscriptionEndedSchema>;

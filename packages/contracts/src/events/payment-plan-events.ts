/**
 * A payment plan's life (docs/behaviour/checkout-and-payments.md#payment-plan), each emitted once by the
 * payment service's conditional state changes:
 * - `payment.plan.instalment-paid`: a later instalment was charged to the card on file (or paid early);
 * - `payment.plan.instalment-failed`: an attempt was declined; `nextAttemptAt` is the retry, if any,
 *   `pausesAt` when the course pauses unless it is paid, `authenticationRequired` when the bank asks the
 *   buyer to approve the payment (the buyer is asked to pay it themselves);
 * - `payment.plan.paused`: an instalment stayed unpaid past its grace: the course service pauses the
 *   order's courses for the buyer;
 * - `payment.plan.resumed`: the paused plan's overdue instalments are paid: the courses open again.
 */
import { z } from 'zod';
import { emailedAccount } from './fields.js';
import { isoDateTime } from '../http/fields.js';

const PlanRefSchema = z.object({
  orderId: z.uuid(),
  ...emailedAccount,
  /** Courses the plan's order gives. */
  courseIds: z.array(z.number().int().positive()),
});

export const PaymentPlanInstalmentPaidSchema = PlanRefSchema.extend({
  /** The instalments this charge paid (several when the rest is paid early). */
  numbers: z.array(z.number().int().min(1)).min(1),
  /** Cents charged. */
  amount: z.number().int().positive(),
  /** Cents still to pay after it. */
  remaining: z.number().int().nonnegative(),
  paidAt: isoDateTime,
});
export type PaymentPlanInstalmentPaid = z.infer<typeof PaymentPlanInstalmentPaidSchema>;

export const PaymentPlanInstalmentFailedSchema = PlanRefSchema.extend({
  number: z.number().int().min(1),
  attempt: z.number().int().min(1),
  amount: z.number().int().positive(),
  message: z.string(),
  /** The bank wants the buyer to approve the payment: it is not tried again; the buyer pays it themselves. */
  authenticationRequired: z.boolean().default(false),
  nextAttemptAt: isoDateTime.nullable(),
  pausesAt: isoDateTime,
  failedAt: isoDateTime,
});
export type PaymentPlanInstalmentFailed = z.infer<typeof PaymentPlanInstalmentFailedSchema>;

export const PaymentPlanPausedSchema = PlanRefSchema.extend({ pausedAt: isoDateTime });
export type PaymentPlanPaused = z.infer<typeof PaymentPlanPausedSchema>;

export const PaymentPlanResumedSchema = PlanRefSchema.extend({ resumedAt: isoDateTime });
export type PaymentPlanResumed = z.infer<typeof PaymentPlanResumedSchema>;

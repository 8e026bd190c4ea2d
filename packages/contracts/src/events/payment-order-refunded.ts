/** `payment.order.refunded`: an admin refunded a paid order; membership and enrolment are withdrawn. */
import { z } from 'zod';
import { AccountEmailSchema } from '../http/auth/email.js';

export const PaymentOrderRefundedSchema = z.object({
  orderId: z.uuid(),
  email: AccountEmailSchema,
  firstName: z.string(),
  /** Cents refunded. */
  amount: z.number().int().nonnegative(),
  currency: z.literal('USD'),
  courseIds: z.array(z.number().int().positive()),
  refundedAt: z.iso.datetime({ offset: true }),
});
export type PaymentOrderRefunded = z.infer<typeof PaymentOrderRefundedSchema>;

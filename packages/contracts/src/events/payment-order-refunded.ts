/**
 * `payment.order.refunded`: an admin refunded a paid order (membership and enrolment are withdrawn), or the
 * payment service refunded by itself a payment that was not needed (`automatic`): a revenue-share payment
 * nothing was due for any more, or a purchase its account already owned (`alreadyOwned`).
 */
import { z } from 'zod';
import { AccountEmailSchema } from '../http/auth/email.js';
import { isoDateTime } from '../http/fields.js';

export const PaymentOrderRefundedSchema = z.object({
  orderId: z.uuid(),
  email: AccountEmailSchema,
  firstName: z.string(),
  /** Cents refunded. */
  amount: z.number().int().nonnegative(),
  currency: z.literal('USD'),
  courseIds: z.array(z.number().int().positive()),
  refundedAt: isoDateTime,
  /**
   * Set when the order paid a revenue share (docs/decisions.md, 28): the revenue service removes that
   * payment and the report is owed again; auth has nothing to revoke. Added after version 1 shipped.
   */
  revenueReportId: z.uuid().optional(),
  /**
   * True when the payment service refunded by itself a revenue-share payment that found nothing (or less
   * than it paid) still due on its report; absent for the admin's refunds.
   */
  automatic: z.boolean().optional(),
  /**
   * True when that automatic refund returned a purchase its account already owned (another checkout of the
   * same one-per-person product was paid first): the order granted nothing, so nothing ends.
   */
  alreadyOwned: z.boolean().optional(),
});
export type PaymentOrderRefunded = z.infer<typeof PaymentOrderRefundedSchema>;

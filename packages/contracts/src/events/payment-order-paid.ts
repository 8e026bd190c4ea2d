/**
 * `payment.order.paid`: the provider confirmed the money for an order; fulfilment starts here. Auth finds
 * or creates the account by e-mail and grants membership; notification sends the receipt. Emitted once
 * per order (the payment service's fulfilment is unique per order).
 */
import { z } from 'zod';
import { AccountEmailSchema } from '../http/auth/email.js';
import { OrderLineSchema, PaymentProviderSchema } from '../http/payment/orders.js';

export const PaymentOrderPaidSchema = z.object({
  orderId: z.uuid(),
  provider: PaymentProviderSchema,
  email: AccountEmailSchema,
  firstName: z.string(),
  lastName: z.string(),
  /** Cents. */
  total: z.number().int().nonnegative(),
  currency: z.literal('USD'),
  lines: z.array(OrderLineSchema).min(1),
  /** Courses the order gives access to (from the catalogue), possibly none. */
  courseIds: z.array(z.number().int().positive()),
  paidAt: z.iso.datetime({ offset: true }),
});
export type PaymentOrderPaid = z.infer<typeof PaymentOrderPaidSchema>;

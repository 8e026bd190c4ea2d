/**
 * `payment.order.paid`: the provider confirmed the money for an order; fulfilment starts here. Auth grants
 * membership to the account that placed the order when a signed-in buyer did, otherwise to the account
 * it finds or creates by the billing e-mail; notification sends the receipt to the billing e-mail. Emitted
 * once per order (the payment service's fulfilment is unique per order). An order that pays a revenue share
 * (`revenueReportId`) is the revenue service's alone: auth grants nothing for it.
 */
import { z } from 'zod';
import { AccountEmailSchema } from '../http/auth/email.js';
import { OrderLineSchema, PaymentProviderSchema } from '../http/payment/orders.js';
import { isoDateTime } from '../http/fields.js';

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
  paidAt: isoDateTime,
  /**
   * The account that was signed in when the order was placed; absent for a guest. Added after version 1
   * shipped: optional, so events without it (older ones, guests) still parse and consumers written before
   * it ignore it. That keeps the change compatible, and the version stays 1.
   */
  placedByUserId: z.string().min(1).max(255).optional(),
  /**
   * Set when the order pays a revenue share (docs/decisions.md, 28): the revenue service records the
   * payment on this report; the order buys no product and gives no membership or course. Optional, like
   * `placedByUserId`: added after version 1 shipped.
   */
  revenueReportId: z.uuid().optional(),
  /**
   * The card-on-file collection attempt this order charged (`revenue.share.collection-requested`'s
   * `collectionId`): its answer when the charge succeeded. Optional, like `placedByUserId`.
   */
  collectionId: z.uuid().optional(),
  /**
   * A coupon's discount in cents and its code, when the order used one (`total` is after it). Optional,
   * like `placedByUserId`: added after version 1 shipped.
   */
  discount: z.number().int().positive().optional(),
  couponCode: z.string().min(1).max(32).optional(),
  /** 'INV-000042': the order's invoice (its PDF at `/api/orders/{orderId}/invoice.pdf`); absent on older events. */
  invoiceNumber: z.string().min(1).max(32).optional(),
  /**
   * The invoice's PDF (base64), attached to the receipt e-mail; absent on older events. A one-page invoice
   * of the standard fonts is a few kilobytes: the cap keeps an event far below the bus's message limit.
   */
  invoicePdf: z.base64().max(256_000).optional(),
});
export type PaymentOrderPaid = z.infer<typeof PaymentOrderPaidSchema>;

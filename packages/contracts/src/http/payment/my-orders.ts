/**
 * A buyer's own orders and their refund requests (docs/behaviour/checkout-and-payments.md#orders-and-billing):
 * `GET /api/orders` and `POST /api/orders/{id}/refund-request`.
 */
import { z } from 'zod';
import { writtenText } from '../text.js';
import { PaymentPlanSchema } from './payment-plans.js';
import { OrderLineSchema, OrderStatusSchema, PaymentProviderSchema, REFUND_WINDOW_DAYS } from './orders.js';
import { isoDateTime } from '../fields.js';

export const MyOrderSchema = z.object({
  id: z.uuid(),
  /** What the buyer and support call it: 'RC-' and the id's first 8 characters, upper-case. */
  number: z.string(),
  status: OrderStatusSchema,
  provider: PaymentProviderSchema,
  lines: z.array(OrderLineSchema),
  /** Cents a coupon took off (0 without one). */
  discount: z.number().int().nonnegative(),
  couponCode: z.string().nullable(),
  /** Cents paid. */
  total: z.number().int().nonnegative(),
  currency: z.literal('USD'),
  createdAt: isoDateTime,
  paidAt: isoDateTime.nullable(),
  refundedAt: isoDateTime.nullable(),
  /** 'INV-000042' once the order is paid and fulfilled (its PDF: `GET /api/orders/{id}/invoice.pdf`), else null. */
  invoiceNumber: z.string().nullable(),
  /**
   * A membership plan sold as a subscription: 'renewing', 'cancelling' (ends at the period's end unless
   * resumed) or 'ended'; null for any other order.
   */
  planRenewal: z.enum(['renewing', 'cancelling', 'ended']).nullable(),
  /** The last moment a refund may be asked for (the guarantee); null when the order cannot be refunded. */
  refundableUntil: isoDateTime.nullable(),
  /** Flexible Payments: the plan's instalments and state; null for any other order. */
  paymentPlan: PaymentPlanSchema.nullable(),
});
export type MyOrder = z.infer<typeof MyOrderSchema>;

export const MyOrderListSchema = z.object({ orders: z.array(MyOrderSchema) });
export type MyOrderList = z.infer<typeof MyOrderListSchema>;

export const MY_ORDER_MESSAGES = {
  reasonRequired: 'Please tell us in a few words why you want a refund.',
  reasonTooLong: 'Please keep the reason under 500 characters.',
  windowPassed: (endedOn: string) =>
    `The ${REFUND_WINDOW_DAYS}-day money-back guarantee of this order ended on ${endedOn}. Please contact support.`,
  notRefundable: 'This order cannot be refunded from here. Please contact support.',
} as const;

export const RefundRequestBodySchema = z.object(
  {
    reason: writtenText(500, {
      required: MY_ORDER_MESSAGES.reasonRequired,
      tooLong: MY_ORDER_MESSAGES.reasonTooLong,
    }),
  },
  { error: MY_ORDER_MESSAGES.reasonRequired },
);
export type RefundRequestBody = z.input<typeof RefundRequestBodySchema>;

/** `POST /api/orders/{id}/plan-renewal`: `renew` false cancels the plan's renewal, true resumes it. */
export const PlanRenewalBodySchema = z.object(
  { renew: z.boolean({ error: 'renew must be true or false' }) },
  { error: 'renew must be true or false' },
);
export type PlanRenewalBody = z.infer<typeof PlanRenewalBodySchema>;

export const PLAN_RENEWAL_MESSAGES = {
  notAPlan: 'This order is not a membership plan that renews.',
  ended: 'This membership plan has ended. You can start a new one on the membership page.',
} as const;

export const RefundRequestResponseSchema = z.object({ order: MyOrderSchema });
export type RefundRequestResponse = z.infer<typeof RefundRequestResponseSchema>;

/** 'INV-000042': an invoice's number as printed, from its place in the gapless sequence. */
export function invoiceNumberOf(sequence: number): string {
  return `INV-${String(sequence).padStart(6, '0')}`;
}

/** 'RC-1A2B3C4D': the order number shown to the buyer, the admin and support. */
export function orderNumberOf(id: string): string {
  return `RC-${id.slice(0, 8).toUpperCase()}`;
}

/** Orders as the admin API shows them, the refund call, and which providers are active. */
import { z } from 'zod';
import { PaymentPlanSchema } from './payment-plans.js';
import { textField } from '../text.js';
import { isoDateTime } from '../fields.js';

export const ORDER_STATUSES = ['pending', 'paid', 'fulfilled', 'refunded', 'failed'] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

export const PAYMENT_PROVIDERS = ['test', 'stripe', 'paypal'] as const;
export const PaymentProviderSchema = z.enum(PAYMENT_PROVIDERS);
export type PaymentProviderName = z.infer<typeof PaymentProviderSchema>;

/** The 30-day money-back guarantee: refunds are accepted up to this many days after payment. */
export const REFUND_WINDOW_DAYS = 30;

export const OrderLineSchema = z.object({
  productId: z.string(),
  name: z.string(),
  /** Cents, from the catalogue at the time of the order. */
  unitPrice: z.number().int().nonnegative(),
  quantity: z.number().int().positive(),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

export const OrderSchema = z.object({
  id: z.uuid(),
  status: OrderStatusSchema,
  provider: PaymentProviderSchema,
  customerEmail: z.string(),
  customerName: z.string(),
  /** Cents. */
  total: z.number().int().nonnegative(),
  currency: z.literal('USD'),
  lines: z.array(OrderLineSchema),
  /** Cents a coupon took off the lines (0 without one); `total` is after it. */
  discount: z.number().int().nonnegative(),
  couponCode: z.string().nullable(),
  createdAt: isoDateTime,
  paidAt: isoDateTime.nullable(),
  refundedAt: isoDateTime.nullable(),
  /** Why a paid order was not fulfilled (e.g. the provider collected another amount), for the admin. */
  problem: z.string().nullable().optional(),
  /** Why it was refunded: the admin's reason, the buyer's request, or the automatic refund's. */
  refundReason: z.string().nullable().optional(),
  /** 'INV-000042' once fulfilled; the PDF is `GET /api/admin/orders/{id}/invoice.pdf`. */
  invoiceNumber: z.string().nullable().optional(),
  /** Flexible Payments: the plan's instalments and state. */
  paymentPlan: PaymentPlanSchema.nullable().optional(),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderListSchema = z.object({ orders: z.array(OrderSchema) });
export type OrderList = z.infer<typeof OrderListSchema>;

/** `POST /api/admin/orders/:id/resend-receipt` → 200 `{ message }`; 404 'Order not found'; 409 `notPaid`. */
export const RESEND_RECEIPT_MESSAGES = {
  sent: 'The receipt is on its way to the buyer again.',
  notPaid: 'Only a paid order has a receipt.',
} as const;

/**
 * `GET /api/admin/orders?userId=…&email=…`: one customer's paid orders (docs/behaviour/admin.md#customers),
 * placed by the account or gone to its address; without both, the most recent orders of everyone.
 */
export const AdminOrdersQuerySchema = z
  .object({
    userId: z.uuid('userId must be an account id').optional(),
    email: z.email('email must be an e-mail address').toLowerCase().optional(),
  })
  .refine((query) => Boolean(query.userId) === Boolean(query.email), {
    message: 'userId and email go together',
    path: ['email'],
  });
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuerySchema>;

export const REFUND_MESSAGES = {
  notPaid: 'Only a paid order can be refunded.',
  windowPassed: `Refunds are accepted within ${REFUND_WINDOW_DAYS} days of payment.`,
  notFound: 'Order not found',
  alreadyRefunded: 'This order has already been refunded.',
} as const;

/** The path parameters of `/api/admin/orders/:id/…`: an order id (any other id names no order: 404). */
export const OrderIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, REFUND_MESSAGES.notFound)
    .transform((id) => id.toLowerCase()),
});

export const RefundRequestSchema = z.object({
  reason: textField({
    max: 500,
    multiline: true,
    required: 'reason must be text',
    tooLong: 'reason is too long',
  }).optional(),
});

/** `POST /api/admin/orders/:id/refund`: the order after the refund. */
export const RefundResponseSchema = z.object({ order: OrderSchema });
export type RefundResponse = z.infer<typeof RefundResponseSchema>;

/** `GET /api/payment/providers`: what the checkout and membership pages may offer. */
export const PaymentProvidersSchema = z.object({
  /** null when no provider takes this method (production with only the other real provider configured). */
  card: z.enum(['test', 'stripe']).nullable(),
  wallet: z.enum(['test', 'paypal']).nullable(),
  /** True while the built-in test provider handles cards (the membership page's simulate button). */
  testMode: z.boolean(),
});
export type PaymentProviders = z.infer<typeof PaymentProvidersSchema>;

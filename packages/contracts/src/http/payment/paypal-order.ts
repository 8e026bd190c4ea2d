/**
 * `POST /api/paypal/order` (docs/behaviour/checkout-and-payments.md#payment-flows, wallet flow). As with the
 * card flow the amount and prices sent are display only: the server prices the items and refuses an amount
 * that disagrees with its own total.
 */
import { z } from 'zod';
import { BillingInfoSchema } from './billing.js';
import { CheckoutItemsSchema, CheckoutRequestIdSchema } from './checkout-session.js';
import { OptionalCouponCodeSchema } from './coupons.js';
import { ProviderSessionIdSchema } from './grant-course-access.js';

export const PaypalOrderRequestSchema = z.object({
  intent: z.literal('CAPTURE', { error: 'intent must be CAPTURE' }),
  /** Dollars rounded to 2 decimals, as the page shows them. */
  amount: z.number().nonnegative().optional(),
  currency: z.literal('USD', { error: 'currency must be USD' }),
  billingInfo: BillingInfoSchema,
  items: CheckoutItemsSchema,
  couponCode: OptionalCouponCodeSchema,
  requestId: CheckoutRequestIdSchema.optional(),
});
export type PaypalOrderRequest = z.input<typeof PaypalOrderRequestSchema>;

export const PaypalLinkSchema = z.object({
  rel: z.string(),
  href: z.string(),
  method: z.string().optional(),
});
export const PaypalOrderResponseSchema = z.object({ id: z.string(), links: z.array(PaypalLinkSchema) });
export type PaypalOrderResponse = z.infer<typeof PaypalOrderResponseSchema>;

/**
 * `GET /api/paypal/return?token=` (PayPal) or `?session_id=` (the test provider): the session to capture.
 * Never refused: a missing id, or one that is not plain text, finds no order and the buyer goes back to
 * the checkout.
 */
export const PaypalReturnQuerySchema = z
  .object({ token: z.unknown().optional(), session_id: z.unknown().optional() })
  .transform(({ token, session_id }) => ({
    sessionId: ProviderSessionIdSchema.safeParse(given(token) ?? given(session_id)).data,
  }));

function given(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

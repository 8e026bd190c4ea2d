/**
 * `POST /api/create-checkout-session` (docs/behaviour/checkout-and-payments.md#payment-flows) and the
 * course-purchase flow. The browser names products by id and quantity; the name and price it also sends are
 * ignored: the payment service prices every line from its catalogue (docs/decisions.md, 2).
 */
import { z } from 'zod';
import { textField } from '../text.js';
import { BillingInfoSchema, CHECKOUT_MESSAGES } from './billing.js';
import { OptionalCouponCodeSchema } from './coupons.js';

/** The product id of the course itself (the course-purchase flow buys exactly this, once). */
export const COURSE_PRODUCT_ID = 'restaurant-management-course';

/** The $697 Restaurant Consultation: its buyer is told how to get it (the consultation form). */
export const CONSULTATION_PRODUCT_ID = 'restaurant-consultation';

/**
 * How a buyer of the consultation gets it, said by the confirmation page, the receipt and the dashboard
 * (docs/behaviour/checkout-and-payments.md#order-confirmation).
 */
export const CONSULTATION_NEXT_STEP = {
  title: 'Your Restaurant Consultation',
  text: 'Your consultation starts with the consultation form: tell us about your restaurant and send your photos, a short walkthrough video and your menu. We review every request within 24-48 hours.',
  linkLabel: 'Start your consultation',
  path: '/consultation',
} as const;

export const MAX_LINE_QUANTITY = 99;

export const CheckoutLineSchema = z.object({
  id: z
    .string({ error: 'Each item needs a product id.' })
    .regex(/^[a-z0-9-]{1,80}$/, 'Each item needs a product id.'),
  /** Display only; ignored by the server. */
  name: textField({ max: 200, keepSpaces: true, required: 'Each item name must be text.' }).optional(),
  /** Display only; ignored by the server. */
  price: z.number().optional(),
  quantity: z
    .number({ error: 'Quantity must be a whole number from 1 to 99.' })
    .int('Quantity must be a whole number from 1 to 99.')
    .min(1, 'Quantity must be a whole number from 1 to 99.')
    .max(MAX_LINE_QUANTITY, 'Quantity must be a whole number from 1 to 99.'),
});
export type CheckoutLine = z.infer<typeof CheckoutLineSchema>;

/**
 * A checkout's `requestId` (optional): a UUID the page makes for what it sends and keeps while that stays
 * the same. Sent again after its answer was lost, it opens the same checkout as the first time, while that
 * order is still pending; with other items, billing or coupon it is 409 (docs/decisions.md, 121).
 */
export const CheckoutRequestIdSchema = z.uuid({ error: CHECKOUT_MESSAGES.requestIdInvalid });

export const CheckoutItemsSchema = z
  .array(CheckoutLineSchema, { error: CHECKOUT_MESSAGES.emptyCart })
  .min(1, CHECKOUT_MESSAGES.emptyCart)
  .max(20, 'Too many different items in one order.');

export const CreateCheckoutSessionRequestSchema = z.object({
  items: CheckoutItemsSchema,
  customer_email: textField({ max: 254, required: 'customer_email must be text' }).optional(),
  customer_name: textField({ max: 200, required: 'customer_name must be text' }).optional(),
  billingInfo: BillingInfoSchema,
  /** A coupon code (docs/behaviour/checkout-and-payments.md#coupons); the server prices it. */
  couponCode: OptionalCouponCodeSchema,
  requestId: CheckoutRequestIdSchema.optional(),
});
export type CreateCheckoutSessionRequest = z.input<typeof CreateCheckoutSessionRequestSchema>;

/** `sessionId` is the provider's checkout session id; `url` its hosted page. */
export const CreateCheckoutSessionResponseSchema = z.object({ sessionId: z.string(), url: z.string() });
export type CreateCheckoutSessionResponse = z.infer<typeof CreateCheckoutSessionResponseSchema>;

/** `POST /api/checkout/quote`: the lines and total the server would charge, with the code's discount. */
export const CheckoutQuoteRequestSchema = z.object({
  items: CheckoutItemsSchema,
  couponCode: OptionalCouponCodeSchema,
});
export type CheckoutQuoteRequest = z.input<typeof CheckoutQuoteRequestSchema>;

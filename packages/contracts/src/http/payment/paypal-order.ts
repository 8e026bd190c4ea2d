/**
 * `POST /api/paypal/order` (docs/behaviour/checkout-and-payments.md#payment-flows, wallet flow). As with the
 * card flow the amount and prices sent are display only: the server prices the items and refuses an amount
 * that disagrees with its own total.
 */
import { z } from 'zod';
import { BillingInfoSchema } from './billing.js';
import { CheckoutItemsSchema } from './checkout-session.js';

export const PaypalOrderRequestSchema = z.object({
  intent: z.literal('CAPTURE', { error: 'intent must be CAPTURE' }),
  /** Dollars rounded to 2 decimals, as the page shows them. */
  amount: z.number().nonnegative().optional(),
  currency: z.literal('USD', { error: 'currency must be USD' }),
  billingInfo: BillingInfoSchema,
  items: CheckoutItemsSchema,
});
export type PaypalOrderRequest = z.input<typeof PaypalOrderRequestSchema>;

export const PaypalLinkSchema = z.object({
  rel: z.string(),
  href: z.string(),
  method: z.string().optional(),
});
export const PaypalOrderResponseSchema = z.object({ id: z.string(), links: z.array(PaypalLinkSchema) });
export type PaypalOrderResponse = z.infer<typeof PaypalOrderResponseSchema>;

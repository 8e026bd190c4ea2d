/**
 * The environment variables that switch the real providers on. Without them the built-in test provider
 * takes both the card and the wallet payments. Merged into the payment service's config schema.
 */
import { z } from 'zod';

const optionalSecret = z.string().trim().min(1).optional();

export const providerSettingsShape = {
  /** `sk_live_…` / `sk_test_…`: Stripe Checkout takes card payments when set (with the webhook secret). */
  STRIPE_SECRET_KEY: optionalSecret,
  /** `whsec_…`: the signing secret of the `/api/webhooks/stripe` endpoint. */
  STRIPE_WEBHOOK_SECRET: optionalSecret,
  /** Only for tests: an http(s) URL the Stripe SDK talks to instead of api.stripe.com. */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  /** PayPal REST app credentials: PayPal Orders v2 takes wallet payments when set. */
  PAYPAL_CLIENT_ID: optionalSecret,
  PAYPAL_CLIENT_SECRET: optionalSecret,
  /** The id PayPal gave the `/api/webhooks/paypal` webhook (for verify-webhook-signature). */
  PAYPAL_WEBHOOK_ID: optionalSecret,
  /** https://api-m.paypal.com for live money; the sandbox by default; a local server in tests. */
  PAYPAL_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api-m.sandbox.paypal.com'),
} as const;

/** The settings once parsed: unset keys are optional, PAYPAL_API_BASE always has its default. */
export type ProviderSettings = z.infer<z.ZodObject<typeof providerSettingsShape>>;

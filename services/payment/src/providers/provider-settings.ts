/**
 * The environment variables that switch the real providers on. Without them the built-in test provider
 * takes both the card and the wallet payments. Merged into the payment service's config schema.
 */
import { z } from 'zod';

const optionalSecret = z.string().trim().min(1).optional();

export const providerSettingsShape = {
  STRIPE_SECRET_KEY: optionalSecret.describe(
    '`sk_live_…` / `sk_test_…`: Stripe Checkout takes card payments (membership plans as subscriptions) when set, with the webhook secret',
  ),
  STRIPE_WEBHOOK_SECRET: optionalSecret.describe('`whsec_…`: the signing secret of `/api/webhooks/stripe`'),
  STRIPE_API_BASE: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe('only for tests: the address the Stripe SDK talks to instead of Stripe'),
  PAYPAL_CLIENT_ID: optionalSecret.describe(
    'PayPal REST app client id: PayPal Orders v2 takes wallet payments when set',
  ),
  PAYPAL_CLIENT_SECRET: optionalSecret.describe('PayPal REST app secret'),
  PAYPAL_WEBHOOK_ID: optionalSecret.describe(
    'the id PayPal gave the `/api/webhooks/paypal` webhook (for verify-webhook-signature)',
  ),
  PAYPAL_API_BASE: z
    .url({ protocol: /^https?$/ })
    .default('https://api-m.sandbox.paypal.com')
    .describe('`https://api-m.paypal.com` for live money; a local server in tests'),
} as const;

/** The settings once parsed: unset keys are optional, PAYPAL_API_BASE always has its default. */
export type ProviderSettings = z.infer<z.ZodObject<typeof providerSettingsShape>>;

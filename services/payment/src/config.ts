/** The payment service's settings: the shared ones, the providers' keys, the site address and the jobs. */
import { envBoolean, serviceConfigSchema } from '@platform/service-kit';
import { z } from 'zod';
import { providerSettingsShape } from './providers/provider-settings.js';

const positiveInt = z.coerce.number().int().positive();

export const paymentConfigSchema = serviceConfigSchema('payment', {
  ...providerSettingsShape,
  /** The site's address as browsers see it: Stripe and PayPal send the buyer back here. */
  PUBLIC_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://example.com' })
    .transform((value) => value.replace(/\/+$/, ''))
    .default('http://localhost:3000'),
  /**
   * The built-in test provider takes the card and wallet payments no real provider is configured for.
   * Default: on, except in production once Stripe or PayPal is configured (then a method without its
   * provider is unavailable rather than free).
   */
  TEST_PROVIDER_ENABLED: envBoolean.optional(),
  /** Signs the test provider's webhooks; default derived from INTERNAL_TOKEN_SECRET (same on every replica). */
  TEST_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Where the test provider posts its webhooks; default the payment service's own address. */
  TEST_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Reconciliation: how often it runs, and how old a pending checkout must be before it asks the provider. */
  RECONCILE_INTERVAL_MS: positiveInt.default(60_000),
  RECONCILE_AFTER_MINUTES: positiveInt.default(5),
  /** A checkout still pending this long after it started is no longer asked about. */
  RECONCILE_GIVE_UP_DAYS: positiveInt.default(7),
});

export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

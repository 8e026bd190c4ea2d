/** The payment service's settings: the shared ones, the providers' keys, the site address and the jobs. */
import { DEFAULT_SERVICE_PORTS } from '@platform/contracts/services';
import { envBoolean, publicBaseUrlSetting } from '@platform/service-kit/config';
import { serviceConfigSchema } from '@platform/service-kit/runtime';
import { z } from 'zod';
import { providerSettingsShape } from './providers/provider-settings.js';

const positiveInt = z.coerce.number().int().positive();

export const paymentConfigSchema = serviceConfigSchema('payment', DEFAULT_SERVICE_PORTS.payment, {
  ...providerSettingsShape,
  PUBLIC_BASE_URL: publicBaseUrlSetting(
    "the site's address as browsers see it: Stripe and PayPal send the buyer back here",
  ),
  TEST_PROVIDER_ENABLED: envBoolean
    .optional()
    .describe(
      'the built-in test provider takes the card and wallet payments no real provider is configured for; ' +
        'unset: on, except in production once Stripe or PayPal is configured; `false` refuses them',
    ),
  TEST_WEBHOOK_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .describe(
      "signs the test provider's webhooks; unset: derived from `INTERNAL_TOKEN_SECRET` (same on every replica)",
    ),
  TEST_WEBHOOK_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe("where the test provider posts its webhooks; unset: the payment service's own address"),
  RECONCILE_INTERVAL_MS: positiveInt
    .default(60_000)
    .describe(
      'how often (service time; one replica at a time) checkouts left pending are checked with their provider, and payment plans charge their due instalments',
    ),
  RECONCILE_AFTER_MINUTES: positiveInt
    .default(5)
    .describe('how old a pending checkout must be before its provider is asked'),
  RECONCILE_GIVE_UP_DAYS: positiveInt
    .default(7)
    .describe('a checkout still pending this long after it started is no longer asked about'),
  INVOICE_SELLER_NAME: z
    .string()
    .trim()
    .min(1)
    .default('Restaurant Consultant')
    .describe('the seller named at the top of every invoice'),
  INVOICE_SELLER_ADDRESS: z
    .string()
    .default('')
    .describe("the seller's postal address on invoices; lines separated by `|`"),
  INVOICE_SELLER_EMAIL: z.string().default('').describe("the seller's contact e-mail on invoices"),
  INVOICE_SELLER_TAX_ID: z
    .string()
    .default('')
    .describe("the seller's tax or VAT number on invoices; empty: none printed"),
});

export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

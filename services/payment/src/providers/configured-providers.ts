/**
 * Which real providers the settings switch on. Stripe takes card payments when its secret key and webhook
 * secret are set; PayPal takes wallet payments when its client id, secret and webhook id are set. Half a
 * configuration stops the service: quietly falling back to the test provider would take no real money.
 */
import type { Clock } from '@platform/service-kit/clock';
import type { PaymentProvider } from './payment-provider.js';
import { PaypalProvider } from './paypal/paypal-provider.js';
import type { ProviderSettings } from './provider-settings.js';
import { StripeProvider } from './stripe/stripe-provider.js';

export interface ConfiguredProvidersOptions {
  clock?: Clock;
  /** For PayPal's HTTP calls (tests may count them). */
  fetch?: typeof fetch;
  /** Per request to Stripe or PayPal, in milliseconds. */
  timeoutMs?: number;
  /** Retries of failed Stripe requests by the SDK; default 2. */
  stripeMaxNetworkRetries?: number;
}

export interface ConfiguredProviders {
  stripe: PaymentProvider | null;
  paypal: PaymentProvider | null;
}

const STRIPE_SETTINGS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
const PAYPAL_SETTINGS = ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'] as const;

export class ProviderSettingsError extends Error {
  override name = 'ProviderSettingsError';
}

export function createConfiguredProviders(
  settings: ProviderSettings,
  options: ConfiguredProvidersOptions = {},
): ConfiguredProviders {
  const problems = [
    completeOrAbsent(settings, 'Stripe', STRIPE_SETTINGS),
    completeOrAbsent(settings, 'PayPal', PAYPAL_SETTINGS),
  ];
  const message = problems.filter((problem) => problem !== null).join(' ');
  if (message) throw new ProviderSettingsError(message);

  const stripe =
    settings.STRIPE_SECRET_KEY && settings.STRIPE_WEBHOOK_SECRET
      ? new StripeProvider({
          secretKey: settings.STRIPE_SECRET_KEY,
          webhookSecret: settings.STRIPE_WEBHOOK_SECRET,
          apiBase: settings.STRIPE_API_BASE,
          clock: options.clock,
          timeoutMs: options.timeoutMs,
          maxNetworkRetries: options.stripeMaxNetworkRetries,
        })
      : null;
  const paypal =
    settings.PAYPAL_CLIENT_ID && settings.PAYPAL_CLIENT_SECRET && settings.PAYPAL_WEBHOOK_ID
      ? new PaypalProvider({
          clientId: settings.PAYPAL_CLIENT_ID,
          clientSecret: settings.PAYPAL_CLIENT_SECRET,
          webhookId: settings.PAYPAL_WEBHOOK_ID,
          apiBase: settings.PAYPAL_API_BASE,
          clock: options.clock,
          fetch: options.fetch,
          timeoutMs: options.timeoutMs,
        })
      : null;
  return { stripe, paypal };
}

function completeOrAbsent(
  settings: ProviderSettings,
  provider: string,
  names: readonly (keyof ProviderSettings)[],
): string | null {
  const missing = names.filter((name) => !settings[name]);
  if (missing.length === 0 || missing.length === names.length) return null;
  const set = names.filter((name) => settings[name]);
  return `${provider} is half configured: ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set but ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not.`;
}

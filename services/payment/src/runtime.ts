/**
 * What the payment service holds while it runs besides its database: its providers. Which provider takes
 * which payment method is decided here, once, at start:
 *
 * - card: Stripe when configured, else the test provider (when allowed);
 * - wallet: PayPal when configured, else the test provider (when allowed).
 *
 * The test provider is allowed unless TEST_PROVIDER_ENABLED=false, or by default in production once a
 * real provider is configured (a method without its provider is then unavailable rather than free).
 */
import { createHmac } from 'node:crypto';
import type { PaymentProviderName } from '@platform/contracts';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { PaymentConfig } from './config.js';
import { createConfiguredProviders } from './providers/configured-providers.js';
import type { PaymentProvider } from './providers/payment-provider.js';
import { providerSettingsShape, type ProviderSettings } from './providers/provider-settings.js';
import { TestProvider } from './providers/test/test-provider.js';

export interface PaymentRuntime {
  card: PaymentProvider | null;
  wallet: PaymentProvider | null;
  /** The built-in test provider, when allowed. */
  test: TestProvider | null;
  stripe: PaymentProvider | null;
  paypal: PaymentProvider | null;
}

/** What the payment service's routes, subscriptions and jobs are handed: the kit's parts and the providers. */
export type PaymentDeps = ServiceDeps<PaymentConfig, PaymentRuntime>;

/** Built once in `onStart` (service.ts); the kit hands it on as `deps.runtime`. */
export function startPaymentRuntime(deps: ServiceDeps<PaymentConfig>): PaymentRuntime {
  const { config, logger } = deps;
  const { stripe, paypal } = createConfiguredProviders(providerSettingsOf(config), { clock: deps.clock });
  const anyReal = Boolean(stripe || paypal);
  const testAllowed = config.TEST_PROVIDER_ENABLED ?? !(config.NODE_ENV === 'production' && anyReal);
  const test = testAllowed
    ? new TestProvider({ db: deps.db, clock: deps.clock, logger, webhookSecret: testWebhookSecret(config) })
    : null;
  const runtime: PaymentRuntime = {
    card: stripe ?? test,
    wallet: paypal ?? test,
    test,
    stripe,
    paypal,
  };
  const log = { card: runtime.card?.name ?? 'unavailable', wallet: runtime.wallet?.name ?? 'unavailable' };
  if (test && config.NODE_ENV === 'production' && (runtime.card === test || runtime.wallet === test)) {
    logger.warn(
      log,
      'the built-in TEST payment provider is active: buyers can complete orders without paying',
    );
  } else {
    logger.info(log, 'payment providers');
  }
  return runtime;
}

/** The provider that took an order, if it is still configured. */
export function providerNamed(runtime: PaymentRuntime, name: PaymentProviderName): PaymentProvider | null {
  return name === 'stripe' ? runtime.stripe : name === 'paypal' ? runtime.paypal : runtime.test;
}

/** The provider settings out of the whole config, every key present (unset ones undefined). */
function providerSettingsOf(config: PaymentConfig): ProviderSettings {
  const settings: Record<string, unknown> = {};
  for (const key of Object.keys(providerSettingsShape)) settings[key] = config[key as keyof PaymentConfig];
  return settings as ProviderSettings;
}

/** Shared by every replica without another setting: derived from the internal secret unless given. */
export function testWebhookSecret(config: PaymentConfig): string {
  return (
    config.TEST_WEBHOOK_SECRET ??
    createHmac('sha256', config.INTERNAL_TOKEN_SECRET).update('payment:test-provider-webhook').digest('hex')
  );
}

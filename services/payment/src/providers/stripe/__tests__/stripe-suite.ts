/**
 * The set-up of the suites that pay through Stripe's test peer: a fake Stripe API of the suite's own, the
 * payment service on the suite's backing pointed at it, and the catalogue published.
 */
import { afterAll } from '@jest/globals';
import { useBacking, type BackingFactory } from '@platform/service-kit/testing';
import type { CataloguePrice } from '@platform/contracts';
import { startPayment, type PaymentUnderTest } from '../../../__tests__/harness.js';
import { FakeStripeApi, STRIPE_KEY } from './fake-stripe-api.js';

export interface StripeSuite {
  api: FakeStripeApi;
  payment: PaymentUnderTest;
}

/** `started` receives the fake API and the service before the tests run; `products` default to the harness's catalogue. */
export function useStripeSuite(
  factory: BackingFactory,
  options: { webhookSecret: string; products?: CataloguePrice[] },
  started: (suite: StripeSuite) => void,
): void {
  let api: FakeStripeApi | undefined;
  useBacking(factory, async (backing) => {
    api = await FakeStripeApi.start();
    const payment = await startPayment(backing, {
      env: {
        STRIPE_SECRET_KEY: STRIPE_KEY,
        STRIPE_WEBHOOK_SECRET: options.webhookSecret,
        STRIPE_API_BASE: api.url,
        PUBLIC_BASE_URL: 'https://shop.example',
      },
    });
    await payment.publishCatalogue(options.products);
    started({ api, payment });
    return payment;
  });
  afterAll(async () => {
    await api?.close();
  });
}

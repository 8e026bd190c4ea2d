/**
 * The set-up of the suites that pay through Stripe's test peer: a fake Stripe API of the suite's own, the
 * payment service on the suite's backing pointed at it (and, when asked, a second replica on PostgreSQL),
 * and the catalogue published.
 */
import { afterAll, expect } from '@jest/globals';
import Stripe from 'stripe';
import { useBacking, type BackingFactory } from '@platform/service-kit/testing';
import type { CataloguePrice } from '@platform/contracts';
import { startPayment, type PaymentUnderTest } from '../../../__tests__/harness.js';
import { FakeStripeApi, STRIPE_KEY } from './fake-stripe-api.js';

export interface StripeSuite {
  api: FakeStripeApi;
  payment: PaymentUnderTest;
  /** A second replica on the same database and clock, when asked (PostgreSQL only). */
  replica?: PaymentUnderTest;
}

/** `started` receives the fake API and the service before the tests run; `products` default to the harness's catalogue. */
export function useStripeSuite(
  factory: BackingFactory,
  options: { webhookSecret: string; products?: CataloguePrice[]; replica?: boolean },
  started: (suite: StripeSuite) => void,
): void {
  let api: FakeStripeApi | undefined;
  useBacking(factory, async (backing) => {
    api = await FakeStripeApi.start();
    const env = {
      STRIPE_SECRET_KEY: STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: options.webhookSecret,
      STRIPE_API_BASE: api.url,
      PUBLIC_BASE_URL: 'https://shop.example',
    };
    const payment = await startPayment(backing, { env });
    await payment.publishCatalogue(options.products);
    const replica =
      options.replica && backing.name.startsWith('PostgreSQL')
        ? await startPayment(backing, { env, clock: payment.clock })
        : undefined;
    started({ api, payment, replica });
    return {
      stop: async () => {
        await replica?.stop();
        await payment.stop();
      },
    };
  });
  afterAll(async () => {
    await api?.close();
  });
}

let deliveredEvents = 0;

/**
 * Posts a Stripe event (`type`, about `object`) to the service's webhook, signed with `secret` as Stripe
 * signs it at the service's time; answers the outcome the service gave (200 expected).
 */
export async function deliverStripeEvent(
  payment: PaymentUnderTest,
  secret: string,
  type: string,
  object: Record<string, unknown>,
  id?: string,
): Promise<string> {
  const response = await postStripeEvent(payment, secret, type, object, id);
  expect(response.status).toBe(200);
  return ((await response.json()) as { outcome: string }).outcome;
}

/** `deliverStripeEvent` answering the service's response, whatever its status. */
export function postStripeEvent(
  payment: PaymentUnderTest,
  secret: string,
  type: string,
  object: Record<string, unknown>,
  id = `evt_suite_${++deliveredEvents}`,
): Promise<Response> {
  const created = Math.floor(payment.clock.now().getTime() / 1000);
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: Stripe.API_VERSION,
    created,
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: created });
  return payment.postWebhook('stripe', payload, {
    'content-type': 'application/json',
    'stripe-signature': signature,
  });
}

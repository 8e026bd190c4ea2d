/**
 * The set-up of the suites that pay through Stripe's test peer: a fake Stripe API of the suite's own, the
 * payment service on the suite's backing pointed at it (and, when asked, a second replica on PostgreSQL),
 * and the catalogue published; or, for the adapter's own suites, the Stripe adapter alone against it.
 */
import { afterAll, beforeEach, expect } from '@jest/globals';
import Stripe from 'stripe';
import { SettableClock } from '@platform/service-kit/clock';
import { lateBound, useBacking, type BackingFactory } from '@platform/service-kit/testing';
import type { CataloguePrice } from '@platform/contracts';
import { startPayment, type PaymentUnderTest } from '../../../__tests__/harness.js';
import { useFakeProviderApi } from '../../../__tests__/provider-adapters.js';
import { CATALOGUE_WITH_PLAN } from '../../../payment-plans/__tests__/plan-product.js';
import { StripeProvider } from '../stripe-provider.js';
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

/** A `StripeSuite` as a suite holds it before its `beforeAll`: read `api` and `payment` in the tests only. */
export interface LateStripeSuite {
  api: FakeStripeApi;
  payment: PaymentUnderTest;
  /** The second replica, once started: PostgreSQL only. */
  replica(): PaymentUnderTest | undefined;
}

/**
 * `useStripeSuite` for the suites about payment plans: the harness's catalogue and the plan published, and
 * a second replica on PostgreSQL. What it returns stands for what the suite's `beforeAll` starts.
 */
export function useStripePlanSuite(factory: BackingFactory, webhookSecret: string): LateStripeSuite {
  let suite: StripeSuite | undefined;
  const options = { webhookSecret, products: CATALOGUE_WITH_PLAN, replica: true };
  useStripeSuite(factory, options, (started) => (suite = started));
  return {
    api: lateBound(() => suite?.api, 'the fake Stripe API'),
    payment: lateBound(() => suite?.payment, 'the payment service'),
    replica: () => suite?.replica,
  };
}

/** The Stripe adapter's suites: read these in the tests only (each test has a clock and an adapter of its own). */
export interface StripeAdapterSuite {
  api: FakeStripeApi;
  /** This test's clock, from 2030-03-01 12:00 UTC. */
  clock: SettableClock;
  /** This test's adapter (`newProvider()`). */
  stripe: StripeProvider;
  /** An adapter on this test's clock and the suite's webhook secret: no retries and the fake API unless given. */
  newProvider(options?: { maxNetworkRetries?: number; apiBase?: string; secretKey?: string }): StripeProvider;
}

/** The fake Stripe API for the whole suite (`useFakeProviderApi`) and, before each test, a new clock and adapter. */
export function useStripeAdapter(webhookSecret: string): StripeAdapterSuite {
  let api: FakeStripeApi | undefined;
  let clock: SettableClock | undefined;
  let stripe: StripeProvider | undefined;
  const newProvider: StripeAdapterSuite['newProvider'] = (options = {}) =>
    new StripeProvider({
      secretKey: options.secretKey ?? STRIPE_KEY,
      webhookSecret,
      apiBase: options.apiBase ?? api!.url,
      clock: clock!,
      maxNetworkRetries: options.maxNetworkRetries ?? 0,
    });
  useFakeProviderApi(FakeStripeApi, (started) => (api = started));
  beforeEach(() => {
    clock = new SettableClock('2030-03-01T12:00:00Z');
    stripe = newProvider();
  });
  return {
    api: lateBound(() => api, 'the fake Stripe API'),
    clock: lateBound(() => clock, "the test's clock"),
    stripe: lateBound(() => stripe, "the test's Stripe adapter"),
    newProvider,
  };
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

/** Stripe's `checkout.session.completed` for the session `sessionId`, paid (`deliverStripeEvent`): the outcome. */
export function deliverSessionPaid(
  payment: PaymentUnderTest,
  secret: string,
  sessionId: string,
): Promise<string> {
  return deliverStripeEvent(payment, secret, 'checkout.session.completed', {
    id: sessionId,
    object: 'checkout.session',
    payment_status: 'paid',
  });
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

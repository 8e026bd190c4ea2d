/**
 * Starts the real payment service for tests, on PGlite with the in-process bus and, when POSTGRES_URL
 * (and NATS_URL) are set, on PostgreSQL (with NATS JetStream), and calls it the way the gateway does:
 * with an internal token naming the caller. The catalogue arrives as the course service sends it: a
 * `course.catalogue.published` event on the bus.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from '@jest/globals';
import {
  COURSE_PRODUCT_ID,
  type BillingInfoInput,
  type CataloguePrice,
  type Caller,
  type CourseCataloguePublished,
} from '@platform/contracts';
import { DAY, SettableClock } from '@platform/service-kit/clock';
import type { RunningService } from '@platform/service-kit/runtime';
import {
  envelope,
  lateBound,
  serviceBackings,
  startServiceUnderTest,
  useBacking,
  waitFor,
  type Backing,
  type BackingFactory,
  type CallOptions as KitCallOptions,
} from '@platform/service-kit/testing';
import { eq } from 'drizzle-orm';
import { catalogueState, fulfilments, orders, providerEvents } from '../db/schema.js';
import { paymentService, type PaymentConfig } from '../index.js';
import type { PaymentRuntime } from '../runtime.js';
import type { TestProvider } from '../providers/test/test-provider.js';

export const SECRET = randomBytes(24).toString('hex');
export const START = new Date('2030-03-01T10:00:00.000Z');

export type { Backing, BackingFactory } from '@platform/service-kit/testing';

/** The adapter sets to run every payment suite on. */
export function backings(): BackingFactory[] {
  return serviceBackings({ service: 'payment', nats: true });
}

/** What the course service publishes for the seeded catalogue (course id 1). */
export const CATALOGUE: CataloguePrice[] = [
  { id: 'restaurant-consultation', name: 'Restaurant Consultation', price: 69700, courseId: 1 },
  { id: 'menu-optimization', name: 'Menu Optimization', price: 0, courseId: null },
  { id: 'staff-training', name: 'Staff Training', price: 0, courseId: null },
  { id: 'restaurant-marketing', name: 'Restaurant Marketing', price: 0, courseId: null },
  { id: COURSE_PRODUCT_ID, name: 'Restaurant Management Mastery', price: 69700, courseId: 1 },
];

/** What an order of one Restaurant Consultation holds as its line, at the catalogue's price. */
export const CONSULTATION_LINE = {
  productId: 'restaurant-consultation',
  name: 'Restaurant Consultation',
  unitPrice: 69700,
  quantity: 1,
};

export const BILLING: BillingInfoInput = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'Ada.Lovelace@Example.com',
  company: 'The Analytical Bistro',
  address: '12 Engine Street',
  city: 'London',
  state: 'LDN',
  zip: '10001',
  country: 'US',
};

let buyers = 0;

/**
 * The billing form of a new buyer: the course and the consultation are bought once per person
 * (docs/behaviour/checkout-and-payments.md#one-per-person), so every default checkout has its own e-mail.
 */
export function newBuyerBilling(): BillingInfoInput {
  buyers += 1;
  return { ...BILLING, email: `Ada.Lovelace+${buyers}@Example.com` };
}

/** The lower-cased e-mail `newBuyerBilling` gives, whichever buyer it was. */
export const NEW_BUYER_EMAIL = /^ada\.lovelace\+\d+@example\.com$/;

/** `payment.order.refunded` as a new buyer's $697.00 consultation order (course 1) refunded at `at` says it. */
export function consultationRefunded(orderId: string, at: Date): Record<string, unknown> {
  return {
    orderId,
    email: expect.stringMatching(NEW_BUYER_EMAIL),
    firstName: 'Ada',
    amount: 69700,
    currency: 'USD',
    courseIds: [1],
    refundedAt: at.toISOString(),
  };
}

/** A signed-in buyer no other test has used, e.g. `orders-1a2b3c4d@example.com`. */
export function newSignedInBuyer(label = 'orders'): Caller & { kind: 'user' } {
  return {
    kind: 'user',
    userId: `user-${randomUUID()}`,
    email: `${label}-${randomUUID().slice(0, 8)}@example.com`,
    role: 'user',
  };
}

export const ADMIN: Caller = { kind: 'user', userId: 'admin-1', email: 'admin@localhost', role: 'admin' };
export const MEMBER: Caller = { kind: 'user', userId: 'user-1', email: 'member@example.com', role: 'user' };

export interface CallOptions extends KitCallOptions {
  /** Who the internal token names; anonymous by default. */
  caller?: Caller;
}

export interface PaymentUnderTest {
  service: RunningService<PaymentConfig, PaymentRuntime>;
  clock: SettableClock;
  logs: Record<string, unknown>[];
  call(pathname: string, options?: CallOptions): Promise<Response>;
  /** A POST without the gateway's token, as a provider sends a webhook. */
  postWebhook(provider: string, body: string, headers: Record<string, string>): Promise<Response>;
  /** Publishes a catalogue as the course service does and waits until the projection has it. */
  publishCatalogue(products?: CataloguePrice[], publishedAt?: Date): Promise<void>;
  testProvider(): TestProvider;
  /** Outbox rows of one event type, oldest first. */
  events(type: string): Promise<Array<{ data: Record<string, unknown> }>>;
  order(id: string): Promise<typeof orders.$inferSelect | undefined>;
  orderBySession(sessionId: string): Promise<typeof orders.$inferSelect | undefined>;
  counts(): Promise<{ orders: number; fulfilments: number; providerEvents: number; paidEvents: number }>;
  /** Starts a card checkout of `items` as a visitor (by default a new buyer): `{ sessionId, url }`. */
  checkout(items?: unknown[], billing?: BillingInfoInput): Promise<{ sessionId: string; url: string }>;
  stop(): Promise<void>;
}

export interface StartPaymentOptions {
  env?: Record<string, string>;
  clock?: SettableClock;
}

export async function startPayment(
  backing: Backing,
  options: StartPaymentOptions = {},
): Promise<PaymentUnderTest> {
  const clock = options.clock ?? new SettableClock(START);
  const payment = await startServiceUnderTest(paymentService, backing, {
    env: {
      // The reconciliation job's period is service time: suites that move the clock for other reasons
      // would see it settle their pending orders. Its own suite runs it (runNow) or sets a short period.
      RECONCILE_INTERVAL_MS: String(365 * DAY),
      ...options.env,
    },
    clock,
    bus: 'from-env',
    secret: SECRET,
  });
  const { service, call } = payment;
  const events = async (type: string) => (await payment.events(type)).map(({ data }) => ({ data }));
  const { db } = service.deps;
  const count = async (table: typeof orders | typeof fulfilments | typeof providerEvents) =>
    (await db.select().from(table)).length;

  return {
    service,
    clock,
    logs: payment.logs,
    call,
    postWebhook: (provider, body, headers) =>
      fetch(`${service.url}/api/webhooks/${provider}`, { method: 'POST', body, headers }),
    publishCatalogue: async (products = CATALOGUE, publishedAt = clock.now()) => {
      const data: CourseCataloguePublished = { products, publishedAt: publishedAt.toISOString() };
      await service.deps.bus.publish(
        envelope('course.catalogue.published', data, { occurredAt: publishedAt }),
      );
      await waitFor(
        async () => (await db.select().from(catalogueState))[0],
        (state) => state !== undefined && state.publishedAt.getTime() >= publishedAt.getTime(),
        'the catalogue to reach the projection',
        15_000,
      );
    },
    testProvider: () => {
      const provider = service.deps.runtime.test;
      if (!provider) throw new Error('the test provider is not active');
      return provider;
    },
    events,
    order: async (id) => (await db.select().from(orders).where(eq(orders.id, id)))[0],
    orderBySession: async (sessionId) =>
      (await db.select().from(orders).where(eq(orders.providerSessionId, sessionId)))[0],
    counts: async () => ({
      orders: await count(orders),
      fulfilments: await count(fulfilments),
      providerEvents: await count(providerEvents),
      paidEvents: (await events('payment.order.paid')).length,
    }),
    checkout: async (
      items = [{ id: 'restaurant-consultation', quantity: 1 }],
      billing = newBuyerBilling(),
    ) => {
      const response = await call('/api/create-checkout-session', { json: { items, billingInfo: billing } });
      if (response.status !== 200)
        throw new Error(`checkout answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as { sessionId: string; url: string };
    },
    stop: payment.stop,
  };
}

/** The buyer pays the test provider's session on its page: the order, which that fulfilled. */
export async function fulfilledOrder(
  payment: PaymentUnderTest,
  sessionId: string,
): Promise<typeof orders.$inferSelect> {
  await payment.call(`/api/test-checkout/${sessionId}/pay`, { method: 'POST' });
  const order = await payment.orderBySession(sessionId);
  expect(order?.status).toBe('fulfilled');
  return order!;
}

/**
 * A new checkout of the consultation (`checkout`, billed to `billing`) paid on the test page
 * (`fulfilledOrder`).
 */
export async function paidCheckout(
  payment: PaymentUnderTest,
  billing?: BillingInfoInput,
): Promise<{ sessionId: string; order: typeof orders.$inferSelect }> {
  const { sessionId } = await payment.checkout(undefined, billing);
  return { sessionId, order: await fulfilledOrder(payment, sessionId) };
}

/** Where a test provider's webhook goes to be lost: nothing listens there. */
export const LOST_WEBHOOK_URL = 'http://127.0.0.1:1/api/webhooks/test';

/** The buyer pays the test provider's session on its page, and the webhook it sends gets lost on the way. */
export async function payWithLostWebhook(payment: PaymentUnderTest, sessionId: string): Promise<void> {
  const provider = payment.testProvider();
  expect(await provider.pay((await provider.findSession(sessionId))!, LOST_WEBHOOK_URL)).toBe('paid');
}

/** A new checkout paid with its webhook lost (`payWithLostWebhook`): its session id. */
export async function paidWithLostWebhook(payment: PaymentUnderTest): Promise<string> {
  const { sessionId } = await payment.checkout();
  await payWithLostWebhook(payment, sessionId);
  return sessionId;
}

export interface PaymentSuite {
  /** The backing (once the block's `beforeAll` ran). */
  readonly backing: Backing;
  /** Stands for the service the block's `beforeAll` started. */
  readonly payment: PaymentUnderTest;
  /** A second replica on the same database (PostgreSQL only: PGlite belongs to one process). */
  readonly replica?: PaymentUnderTest;
}

/**
 * A describe block's payment service on `factory`'s backing (with `env` added to its own), the catalogue
 * published, and, when asked, a second replica on PostgreSQL; all stopped after the block.
 */
export function usePaymentSuite(
  factory: BackingFactory,
  options: { replica?: boolean; catalogue?: CataloguePrice[]; env?: Record<string, string> } = {},
): PaymentSuite {
  let payment: PaymentUnderTest | undefined;
  let replica: PaymentUnderTest | undefined;
  const suite = useBacking(factory, async (backing) => {
    payment = await startPayment(backing, { env: options.env });
    await payment.publishCatalogue(options.catalogue);
    if (options.replica && backing.name.startsWith('PostgreSQL'))
      replica = await startPayment(backing, { clock: payment.clock, env: options.env });
    return {
      async stop() {
        await replica?.stop();
        await payment?.stop();
      },
    };
  });
  return {
    get backing() {
      return suite.backing;
    },
    payment: lateBound(() => payment, 'the payment service'),
    get replica() {
      return replica;
    },
  };
}

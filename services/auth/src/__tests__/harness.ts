/**
 * Starts the real auth service for tests, on PGlite and, when POSTGRES_URL is set, on PostgreSQL, and
 * calls it the way the gateway does: resolve the browser's cookie through `/internal/session`, then
 * forward the request with an internal token naming that caller and an X-Forwarded-For hop.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { jest } from '@jest/globals';
import { SessionLookupSchema, type Caller, type EventData, type EventEnvelope } from '@platform/contracts';
import { SettableClock } from '@platform/service-kit/clock';
import { eq, sql } from 'drizzle-orm';
import type { EventBus } from '@platform/service-kit/events';
import { INTERNAL_TOKEN_HEADER, signInternalToken } from '@platform/service-kit/identity';
import type { RunningService } from '@platform/service-kit/runtime';
import {
  envelope,
  serviceBackings,
  startServiceUnderTest,
  useStarted,
  waitFor,
  type Backing,
  type BackingFactory,
} from '@platform/service-kit/testing';
import { PASSWORD_HASHING_CHANNEL, type PasswordHashingMessage } from '../accounts/password-hash.js';
import { authService, TEST_PASSWORD_HASH_ENV, type AuthConfig } from '../index.js';
import { users } from '../db/schema.js';

export const SECRET = randomBytes(24).toString('hex');
export const START = new Date('2030-01-15T09:00:00.000Z');

export type { Backing, BackingFactory } from '@platform/service-kit/testing';

/** The adapter sets to run every auth suite on. */
export function backings(): BackingFactory[] {
  return serviceBackings({ service: 'auth' });
}

export interface CallOptions extends RequestInit {
  /** The browser's Cookie header. */
  cookie?: string | undefined;
  /** The client address the gateway saw (sent as X-Forwarded-For); a fresh one when absent. */
  address?: string;
  /** JSON body (sets the content type). */
  json?: unknown;
  /** Who the internal token names, instead of what the cookie resolves to. */
  caller?: Caller;
}

export interface AuthUnderTest {
  service: RunningService<AuthConfig>;
  clock: SettableClock;
  /** Every log line the service wrote, parsed. */
  logs: Record<string, unknown>[];
  /** What the service printed with console.log while starting. */
  printed: string[];
  /** A request as the gateway forwards it. */
  call(pathname: string, options?: CallOptions): Promise<Response>;
  /** Who the gateway would say the cookie belongs to. */
  whoIs(cookie: string | undefined): Promise<Caller>;
  /** Outbox rows of one event type, oldest first. */
  events(type: string): Promise<Array<{ data: Record<string, unknown>; headers: Record<string, string> }>>;
  /** Waits until auth's inbox holds the event: it was applied (or found to change nothing). */
  applied(eventId: string): Promise<void>;
  /** Publishes on the service's bus as another service's relay would, and waits until its inbox has it. */
  deliver(event: EventEnvelope): Promise<void>;
  stop(): Promise<void>;
}

export interface StartAuthOptions {
  env?: Record<string, string>;
  clock?: SettableClock;
  /** A bus the test publishes on too; otherwise the service's own (JetStream when `env` names NATS_URL). */
  bus?: EventBus;
}

export async function startAuth(backing: Backing, options: StartAuthOptions = {}): Promise<AuthUnderTest> {
  const clock = options.clock ?? new SettableClock(START);
  const printed: string[] = [];
  const auth = await capturingConsoleLog(printed, () =>
    startServiceUnderTest(authService, backing, {
      // Cheap password hashing unless a test names the cost (one test keeps the production one).
      env: { ...TEST_PASSWORD_HASH_ENV, ...options.env },
      clock,
      bus: options.bus ?? 'from-env',
      secret: SECRET,
    }),
  );
  const { service } = auth;

  async function whoIs(cookie: string | undefined): Promise<Caller> {
    const response = await fetch(`${service.url}/internal/session`, {
      headers: {
        [INTERNAL_TOKEN_HEADER]: await signInternalToken({ kind: 'anonymous' }, SECRET),
        ...(cookie ? { cookie } : {}),
      },
    });
    if (response.status !== 200) throw new Error(`/internal/session answered ${response.status}`);
    return SessionLookupSchema.parse(await response.json()).caller;
  }

  return {
    ...auth,
    clock,
    printed,
    whoIs,
    events: async (type) => (await auth.events(type)).map(({ data, headers }) => ({ data, headers })),
    call: async (pathname, { cookie, address, caller, ...init } = {}) => {
      const headers = new Headers(init.headers);
      if (cookie) headers.set('cookie', cookie);
      headers.set('x-forwarded-for', address ?? uniqueAddress());
      return auth.call(pathname, { ...init, headers, caller: caller ?? (await whoIs(cookie)) });
    },
  };
}

/**
 * A suite's auth service on `factory`'s backing, started in its `beforeAll` (then `setUp`) and stopped in
 * its `afterAll` (the kit's `useStarted`). What it returns stands for the running service.
 */
export const useAuth = (
  factory: BackingFactory,
  options: StartAuthOptions = {},
  setUp?: () => Promise<void>,
) => useStarted(factory, 'the auth service', (backing) => startAuth(backing, options), setUp);

/** Runs `start` with console.log going into `printed` instead of the test's output. */
async function capturingConsoleLog<T>(printed: string[], start: () => Promise<T>): Promise<T> {
  const log = jest.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    printed.push(args.map(String).join(' '));
  });
  try {
    return await start();
  } finally {
    log.mockRestore();
  }
}

/** The `name=value` pair a response sets for `name`, ready for a Cookie header (undefined if none). */
export function cookieSetBy(response: Response, name = 'session'): string | undefined {
  const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  return line?.split(';')[0];
}

/** The whole Set-Cookie line for `name`. */
export function setCookieLine(response: Response, name = 'session'): string | undefined {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
}

let counter = 0;
/** A fresh address per call, so tests never share sign-in limits. */
export function uniqueEmail(label = 'owner'): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}${counter}@example.com`;
}

/**
 * A fresh client address (documentation range), so tests never share per-address limits: a /64 of its
 * own, since the sign-in limits count an IPv6 client by its /64.
 */
export function uniqueAddress(): string {
  counter += 1;
  return `2001:db8:${counter.toString(16)}::1`;
}

export const PASSWORD = 'Restaurant!1';
export const NEW_PASSWORD = 'Better-Password!2024';

export function signupBody(email: string, overrides: Record<string, unknown> = {}) {
  return { firstName: 'Ada', lastName: 'Lovelace', email, password: PASSWORD, ...overrides };
}

/** Signs up a fresh account (first name Rosa) and returns its e-mail, id and session cookie. */
export async function signUpThrough(auth: AuthUnderTest, email = uniqueEmail()) {
  const response = await auth.call('/api/auth/signup', { json: signupBody(email, { firstName: 'Rosa' }) });
  const body = (await response.json()) as { user: { id: string } };
  return { email, userId: body.user.id, cookie: cookieSetBy(response)! };
}

/** A guest's paid order for the course ($697), as the payment service's outbox publishes it. */
export function orderPaid(email: string, overrides: Partial<EventData<'payment.order.paid'>> = {}) {
  return envelope('payment.order.paid', {
    orderId: randomUUID(),
    provider: 'test',
    email,
    firstName: 'Guest',
    lastName: 'Buyer',
    total: 69_700,
    currency: 'USD',
    lines: [{ productId: 'restaurant-course', name: 'Restaurant Course', unitPrice: 69_700, quantity: 1 }],
    courseIds: [1],
    paidAt: START.toISOString(),
    ...overrides,
  });
}

/** The cost the harness hashes passwords at, as a hash and the hasher's announcements write it. */
export const HARNESS_COST = `m=${TEST_PASSWORD_HASH_ENV.PASSWORD_HASH_MEMORY_KIB},t=${TEST_PASSWORD_HASH_ENV.PASSWORD_HASH_ITERATIONS},p=1`;

/** What the service announced on the diagnostics channel `channel` while `request` ran. */
export async function announcedDuring<T, M>(
  channel: string,
  request: () => Promise<T>,
): Promise<{ result: T; messages: M[] }> {
  const messages: M[] = [];
  const record = (message: unknown) => messages.push(message as M);
  subscribe(channel, record);
  try {
    return { result: await request(), messages };
  } finally {
    unsubscribe(channel, record);
  }
}

/** The password hashing a request caused, as the hasher announces it. */
export async function hashingDuring<T>(
  request: () => Promise<T>,
): Promise<{ result: T; work: PasswordHashingMessage[] }> {
  const { result, messages } = await announcedDuring<T, PasswordHashingMessage>(
    PASSWORD_HASHING_CHANNEL,
    request,
  );
  return { result, work: messages };
}

/**
 * Starts `requests` while the account's row is held by a transaction of the test's own, and lets it go once
 * all of them wait for a lock in the test's database (the first for the row, the others behind it): they
 * meet inside their transactions the same way every run. PostgreSQL only (PGlite runs one transaction at a
 * time).
 */
export async function whileAccountHeld<T>(
  auth: AuthUnderTest,
  userId: string,
  requests: () => Array<Promise<T>>,
): Promise<T[]> {
  const db = auth.service.deps.db;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const holder = db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    holding();
    await released;
  });
  await held;
  const started = requests();
  try {
    await waitFor(
      async () => {
        const { rows } = (await db.execute(
          sql`select count(*)::int as waiting from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
        )) as unknown as { rows: Array<{ waiting: number }> };
        return rows[0]!.waiting;
      },
      (waiting) => waiting >= started.length,
      'every request to wait for the account',
    );
  } finally {
    release();
    await holder;
  }
  return Promise.all(started);
}

/**
 * A suite's auth service (`useAuth`) on a settable clock of its own from `START`, which the tests move, and
 * `signUp` (`signUpThrough`) on it: the set-up of the suites about one account's changes.
 */
export function useClockedAuth(factory: BackingFactory) {
  const clock = new SettableClock(START);
  const auth = useAuth(factory, { clock });
  return { clock, auth, signUp: (email?: string) => signUpThrough(auth, email) };
}

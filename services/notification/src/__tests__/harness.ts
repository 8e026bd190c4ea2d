/**
 * Starts the real notification service for tests, on PGlite and (when POSTGRES_URL is set) on
 * PostgreSQL, and calls it the way the gateway does (internal token for the caller of choice).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Caller, EventData, EventEnvelope, EventType } from '@platform/contracts';
import {
  INTERNAL_TOKEN_HEADER,
  InProcessBus,
  SettableClock,
  signInternalToken,
  startService,
  type EventBus,
  type RunningService,
} from '@platform/service-kit';
import {
  captureLogs,
  serviceBackings,
  waitFor,
  type Backing,
  type BackingFactory,
} from '@platform/service-kit/testing';
import { eq } from 'drizzle-orm';
import { messages, type MessageRow } from '../db/schema.js';
import { notificationService, type NotificationConfig } from '../index.js';

export const SECRET = randomBytes(24).toString('hex');

export const ADMIN: Caller = { kind: 'user', userId: 'admin-1', email: 'admin@example.com', role: 'admin' };
export const MEMBER: Caller = { kind: 'user', userId: 'user-1', email: 'member@example.com', role: 'user' };
export const ANONYMOUS: Caller = { kind: 'anonymous' };

export type { Backing, BackingFactory } from '@platform/service-kit/testing';

/** The database adapters to run every notification suite on. */
export function backings(): BackingFactory[] {
  return serviceBackings({ service: 'notification' });
}

export interface NotificationUnderTest {
  service: RunningService<NotificationConfig>;
  bus: EventBus;
  clock: SettableClock;
  /** Every log line the service wrote, parsed. */
  logs: Record<string, unknown>[];
  /** Calls the service as the gateway would for `caller` (no token at all with `caller: null`). */
  request(pathname: string, caller: Caller | null, init?: RequestInit): Promise<Response>;
  /** Publishes an event on the bus the service consumes (in-process: resolves once it was applied). */
  publish(event: EventEnvelope): Promise<void>;
  messagesFor(eventId: string): Promise<MessageRow[]>;
  /** The event's messages once none is queued any more (an SMTP server has a mail before it is recorded). */
  settledMessagesFor(eventId: string): Promise<MessageRow[]>;
  stop(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Default: a new in-process bus; `'from-env'`: the service connects its own (NATS_URL in `env`). */
  bus?: EventBus | 'from-env';
  clock?: SettableClock;
}

export async function startNotification(
  backing: Backing,
  options: StartOptions = {},
): Promise<NotificationUnderTest> {
  const { logger, logs } = captureLogs();
  const ownBus = options.bus ? undefined : new InProcessBus();
  const givenBus = options.bus === 'from-env' ? undefined : (options.bus ?? ownBus);
  const clock = options.clock ?? new SettableClock();
  let service: RunningService<NotificationConfig>;
  try {
    service = await startService(notificationService, {
      env: { NODE_ENV: 'test', ...backing.env, INTERNAL_TOKEN_SECRET: SECRET, ...options.env },
      bus: givenBus,
      clock,
      port: 0,
      host: '127.0.0.1',
      logger,
    });
  } catch (error) {
    await ownBus?.close();
    throw error;
  }
  const bus = service.deps.bus;
  const messagesFor = (eventId: string) =>
    service.deps.db.select().from(messages).where(eq(messages.eventId, eventId));
  return {
    service,
    bus,
    clock,
    logs,
    request: async (pathname, caller, init = {}) => {
      const headers = new Headers(init.headers);
      if (caller) headers.set(INTERNAL_TOKEN_HEADER, await signInternalToken(caller, SECRET));
      return fetch(`${service.url}${pathname}`, { ...init, headers });
    },
    publish: (event) => bus.publish(event),
    messagesFor,
    settledMessagesFor: (eventId) =>
      waitFor(
        () => messagesFor(eventId),
        (rows) => rows.length > 0 && rows.every((row) => row.status !== 'queued'),
        `the messages of event ${eventId} to be delivered or failed`,
      ),
    stop: async () => {
      await service.stop();
      await ownBus?.close();
    },
  };
}

export function envelope<T extends EventType>(
  type: T,
  data: EventData<T>,
  options: { id?: string; occurredAt?: Date } = {},
): EventEnvelope<EventData<T>> {
  return {
    id: options.id ?? randomUUID(),
    type,
    version: 1,
    occurredAt: (options.occurredAt ?? new Date()).toISOString(),
    data,
  };
}

/** An `auth.password-reset.requested` event for a fresh user, its link valid for an hour from `now`. */
export function passwordResetRequested(
  now: Date,
  overrides: Partial<EventData<'auth.password-reset.requested'>> = {},
) {
  const suffix = randomBytes(4).toString('hex');
  return envelope(
    'auth.password-reset.requested',
    {
      userId: `user-${suffix}`,
      email: `owner-${suffix}@example.com`,
      firstName: 'Ana',
      token: randomBytes(32).toString('base64url'),
      expiresAt: new Date(now.getTime() + 60 * 60_000).toISOString(),
      ...overrides,
    },
    { occurredAt: now },
  );
}

/** Polls until `read` returns something `done` accepts. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

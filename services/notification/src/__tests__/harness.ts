/**
 * Starts the real notification service for tests, on PGlite and (when POSTGRES_URL is set) on
 * PostgreSQL, and calls it the way the gateway does (internal token for the caller of choice).
 */
import { randomBytes } from 'node:crypto';
import type { Caller, EventData, EventEnvelope } from '@platform/contracts';
import { SettableClock } from '@platform/service-kit/clock';
import type { EventBus } from '@platform/service-kit/events';
import type { RunningService } from '@platform/service-kit/runtime';
import {
  envelope,
  serviceBackings,
  startServiceUnderTest,
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
export { envelope };

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
  /** Publishes the event twice, as a bus delivers it again after a lost acknowledgement. */
  publishTwice(event: EventEnvelope): Promise<void>;
  /** Publishes as another service's relay would, and waits until the inbox has it. */
  deliver(event: EventEnvelope): Promise<void>;
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
  const clock = options.clock ?? new SettableClock();
  const notification = await startServiceUnderTest(notificationService, backing, {
    ...options,
    clock,
    secret: SECRET,
  });
  const { service, bus } = notification;
  const messagesFor = (eventId: string) =>
    service.deps.db.select().from(messages).where(eq(messages.eventId, eventId));
  return {
    ...notification,
    clock,
    request: (pathname, caller, init) => notification.requestAs(caller, pathname, init),
    publish: (event) => bus.publish(event),
    publishTwice: async (event) => {
      await bus.publish(event);
      await bus.publish(event);
    },
    messagesFor,
    settledMessagesFor: (eventId) =>
      waitFor(
        () => messagesFor(eventId),
        (rows) => rows.length > 0 && rows.every((row) => row.status !== 'queued'),
        `the messages of event ${eventId} to be delivered or failed`,
      ),
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

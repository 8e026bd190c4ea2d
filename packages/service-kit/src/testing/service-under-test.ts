/**
 * One service started for a test the way it runs for real (`startService` on a backing's database, bus
 * and storage), and called the way the gateway calls it: with an internal token naming the caller. Each
 * service's `__tests__/harness.ts` wraps this with what only that service needs.
 */
import { randomUUID } from 'node:crypto';
import type { Caller, EventData, EventEnvelope, EventType } from '@platform/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import { InProcessBus } from '../events/in-process-bus.js';
import type { EventBus } from '../events/types.js';
import { INTERNAL_TOKEN_HEADER, signInternalToken, type UserCaller } from '../identity.js';
import {
  startService,
  type BaseServiceConfig,
  type RunningService,
  type ServiceDefinition,
} from '../runtime/service.js';
import type { Backing } from './backings.js';
import { captureLogs } from './logs.js';
import { waitFor } from './system.js';

const ANONYMOUS: Caller = { kind: 'anonymous' };

export interface ServiceUnderTestOptions<TClock extends Clock = Clock> {
  /** The gateway's token secret the service checks (every test signs its calls with it). */
  secret: string;
  /** More environment, applied last (it may override `NODE_ENV`). */
  env?: Record<string, string>;
  clock?: TClock;
  /**
   * `'in-process'` (default): a bus of the test's own that keeps every duplicate; `'from-env'`: the
   * service connects its own as in production (NATS JetStream when the backing names NATS_URL); or a bus.
   */
  bus?: 'in-process' | 'from-env' | EventBus;
}

export interface CallOptions extends RequestInit {
  /** JSON body: sets the content type, and the method to POST unless one is given. */
  json?: unknown;
  /** Who the internal token names; anonymous by default, no token at all with `null`. */
  caller?: Caller | null;
}

export interface OutboxRow<T = Record<string, unknown>> {
  type: string;
  data: T;
  headers: Record<string, string>;
}

export interface ServiceUnderTest<TConfig extends BaseServiceConfig, TRuntime, TClock extends Clock> {
  service: RunningService<TConfig, TRuntime>;
  /** The bus the service publishes to and consumes from. */
  bus: EventBus;
  clock: TClock | undefined;
  /** Every log line the service wrote, parsed. */
  logs: Record<string, unknown>[];
  /** As `caller` (no token with `null`), as the gateway forwards it; redirects are not followed. */
  call(pathname: string, options?: CallOptions): Promise<Response>;
  /** The same as `caller`, following redirects as fetch does. */
  requestAs(caller: Caller | null, pathname: string, init?: RequestInit): Promise<Response>;
  /** As an anonymous visitor through the gateway's token. */
  request(pathname: string, init?: RequestInit): Promise<Response>;
  /** Publishes on the service's bus as another service's relay would, and waits until its inbox has it. */
  deliver(event: EventEnvelope): Promise<void>;
  /** Waits until the service's inbox holds the event: it was applied (or found to change nothing). */
  applied(eventId: string): Promise<void>;
  /** The outbox rows (of one event type), oldest first. */
  events<T extends EventType>(type: T): Promise<OutboxRow<EventData<T>>[]>;
  events(type?: string): Promise<OutboxRow[]>;
  stop(): Promise<void>;
}

/** An envelope as another service's outbox would publish it. */
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

export async function startServiceUnderTest<
  TConfig extends BaseServiceConfig,
  TRuntime,
  TClock extends Clock = Clock,
>(
  definition: ServiceDefinition<TConfig, TRuntime>,
  backing: Backing,
  options: ServiceUnderTestOptions<TClock>,
): Promise<ServiceUnderTest<TConfig, TRuntime, TClock>> {
  const { logger, logs } = captureLogs();
  const ownBus =
    options.bus === undefined || options.bus === 'in-process'
      ? new InProcessBus({ duplicateWindowMs: 0 })
      : undefined;
  const givenBus = typeof options.bus === 'object' ? options.bus : ownBus;
  let service: RunningService<TConfig, TRuntime>;
  try {
    service = await startService(definition, {
      env: { NODE_ENV: 'test', ...backing.env, INTERNAL_TOKEN_SECRET: options.secret, ...options.env },
      ...(givenBus && { bus: givenBus }),
      ...(options.clock && { clock: options.clock }),
      port: 0,
      host: '127.0.0.1',
      logger,
    });
  } catch (error) {
    await ownBus?.close();
    throw error;
  }
  const { db, bus } = service.deps;
  const { outbox, inbox } = definition.tables;

  const send = async (pathname: string, caller: Caller | null, init: RequestInit) => {
    const headers = new Headers(init.headers);
    if (caller) headers.set(INTERNAL_TOKEN_HEADER, await signInternalToken(caller, options.secret));
    return fetch(`${service.url}${pathname}`, { ...init, headers });
  };
  const applied = async (eventId: string) => {
    await waitFor(
      () => db.select().from(inbox).where(eq(inbox.eventId, eventId)),
      (rows) => rows.length > 0,
      `event ${eventId} to be applied`,
    );
  };
  const events = async (type?: string) => {
    const rows = (await db
      .select({ type: outbox.type, data: outbox.data, headers: outbox.headers })
      .from(outbox)
      .where(type === undefined ? undefined : eq(outbox.type, type))
      .orderBy(asc(outbox.createdAt))) as OutboxRow[];
    return rows;
  };

  return {
    service,
    bus,
    clock: options.clock,
    logs,
    call: (pathname, { json, caller = ANONYMOUS, ...init } = {}) => {
      const headers = new Headers(init.headers);
      if (json !== undefined) headers.set('content-type', 'application/json');
      return send(pathname, caller, {
        redirect: 'manual',
        ...init,
        headers,
        ...(json !== undefined && { method: init.method ?? 'POST', body: JSON.stringify(json) }),
      });
    },
    requestAs: (caller, pathname, init = {}) => send(pathname, caller, init),
    request: (pathname, init = {}) => send(pathname, ANONYMOUS, init),
    deliver: async (event) => {
      await bus.publish(event);
      await applied(event.id);
    },
    applied,
    events: events as ServiceUnderTest<TConfig, TRuntime, TClock>['events'],
    stop: async () => {
      await service.stop();
      await ownBus?.close();
    },
  };
}

/** A signed-in member as the gateway names one: a fresh id and e-mail unless `overrides` say otherwise. */
export function testUser(overrides: Partial<UserCaller> = {}): UserCaller {
  const id = randomUUID();
  return {
    kind: 'user',
    userId: id,
    email: `owner-${id.slice(0, 8)}@bistro-example.com`,
    role: 'user',
    ...overrides,
  };
}

/** A fresh admin. */
export const testAdmin = (): UserCaller =>
  testUser({ role: 'admin', email: `admin-${randomUUID().slice(0, 8)}@support-example.com` });

/** A JSON request body with its content type (POST unless `init` names a method). */
export function json(body: unknown, init: RequestInit = {}): RequestInit {
  return {
    method: 'POST',
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
    body: JSON.stringify(body),
  };
}

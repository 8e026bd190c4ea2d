/**
 * Starts the real consultation service for tests, on PGlite + a local folder, and on PostgreSQL + S3
 * (s3rver) when POSTGRES_URL is set, and calls it the way the gateway does (internal token).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Caller } from '@platform/contracts';
import {
  INTERNAL_TOKEN_HEADER,
  InProcessBus,
  signInternalToken,
  startService,
  type Clock,
  type RunningService,
} from '@platform/service-kit';
import {
  captureLogs,
  serviceBackings,
  type Backing,
  type BackingFactory,
} from '@platform/service-kit/testing';
import { asc } from 'drizzle-orm';
import { outboxEvents } from '../db/schema.js';
import { consultationService, type ConsultationConfig } from '../index.js';

export const SECRET = randomBytes(24).toString('hex');

export type { Backing, BackingFactory } from '@platform/service-kit/testing';

export function backings(): BackingFactory[] {
  return serviceBackings({ service: 'consultation', s3: true });
}

export type UserCaller = Extract<Caller, { kind: 'user' }>;

export function user(overrides: Partial<UserCaller> = {}): UserCaller {
  const id = randomUUID();
  return {
    kind: 'user',
    userId: id,
    email: `owner-${id.slice(0, 8)}@bistro-example.com`,
    role: 'user',
    ...overrides,
  };
}

export const admin = (): UserCaller =>
  user({ role: 'admin', email: `admin-${randomUUID().slice(0, 8)}@support-example.com` });

export interface OutboxRow {
  type: string;
  data: Record<string, unknown>;
}

export interface ConsultationUnderTest {
  service: RunningService<ConsultationConfig>;
  logs: Record<string, unknown>[];
  /** As an anonymous visitor through the gateway's token. */
  request(pathname: string, init?: RequestInit): Promise<Response>;
  requestAs(caller: Caller, pathname: string, init?: RequestInit): Promise<Response>;
  /** Every event the service has put in its outbox, oldest first. */
  events(type?: string): Promise<OutboxRow[]>;
  stop(): Promise<void>;
}

export interface StartOptions {
  clock?: Clock;
  /** Extra environment (limits). */
  env?: Record<string, string>;
}

/** Generous request limits, so suites that are not about them never hit them. */
const ROOMY_LIMITS = {
  CONSULTATION_SUBMISSIONS_PER_HOUR: '1000',
  CONTACT_MESSAGES_PER_HOUR: '1000',
  CONSULTATION_LOOKUPS_PER_HOUR: '1000',
};

export async function startConsultation(
  backing: Backing,
  options: StartOptions = {},
): Promise<ConsultationUnderTest> {
  const { logger, logs } = captureLogs();
  const bus = new InProcessBus({ duplicateWindowMs: 0 });
  const service = await startService(consultationService, {
    env: { ...backing.env, ...ROOMY_LIMITS, ...options.env, INTERNAL_TOKEN_SECRET: SECRET, NODE_ENV: 'test' },
    bus,
    ...(options.clock && { clock: options.clock }),
    port: 0,
    host: '127.0.0.1',
    logger,
  });
  async function requestAs(caller: Caller, pathname: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    headers.set(INTERNAL_TOKEN_HEADER, await signInternalToken(caller, SECRET));
    return fetch(`${service.url}${pathname}`, { ...init, headers });
  }
  return {
    service,
    logs,
    request: (pathname, init = {}) => requestAs({ kind: 'anonymous' }, pathname, init),
    requestAs,
    events: async (type) => {
      const rows = await service.deps.db
        .select({ type: outboxEvents.type, data: outboxEvents.data })
        .from(outboxEvents)
        .orderBy(asc(outboxEvents.createdAt));
      return (rows as OutboxRow[]).filter((row) => !type || row.type === type);
    },
    stop: async () => {
      await service.stop();
      await bus.close();
    },
  };
}

/** A JSON request body with its content type. */
export function json(body: unknown, init: RequestInit = {}): RequestInit {
  return {
    method: 'POST',
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
    body: JSON.stringify(body),
  };
}

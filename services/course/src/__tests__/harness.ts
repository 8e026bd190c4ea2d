/**
 * Starts the real course service for tests, on PGlite + a local folder, and on PostgreSQL + S3
 * (s3rver) when POSTGRES_URL is set, and calls it the way the gateway does (internal token).
 */
import { randomBytes } from 'node:crypto';
import type { Caller, EventEnvelope } from '@platform/contracts';
import {
  INTERNAL_TOKEN_HEADER,
  InProcessBus,
  signInternalToken,
  startService,
  type Clock,
  type RunningService,
} from '@platform/service-kit';
import { eq } from 'drizzle-orm';
import {
  captureLogs,
  serviceBackings,
  type Backing,
  type BackingFactory,
} from '@platform/service-kit/testing';
import { inboxEvents } from '../db/schema.js';
import { courseService, type CourseConfig } from '../index.js';

export const SECRET = randomBytes(24).toString('hex');

export type { Backing, BackingFactory } from '@platform/service-kit/testing';

/** The adapter sets to run every course-service suite on. */
export function backings(): BackingFactory[] {
  return serviceBackings({ service: 'course', s3: true });
}

export interface CourseUnderTest {
  service: RunningService<CourseConfig>;
  /** Every log line the service wrote, parsed. */
  logs: Record<string, unknown>[];
  /** GET (or another method) as an anonymous visitor through the gateway's token. */
  request(pathname: string, init?: RequestInit): Promise<Response>;
  /** The same as `caller` (a signed-in user or an admin), as the gateway forwards it. */
  requestAs(caller: Caller, pathname: string, init?: RequestInit): Promise<Response>;
  /** Publishes on the service's in-process bus, as another service's relay would, and waits until applied. */
  deliver(event: EventEnvelope): Promise<void>;
  stop(): Promise<void>;
}

export interface StartCourseOptions {
  /** The service clock (drip release); the system clock by default. */
  clock?: Clock;
  /** More environment variables (e.g. lower limits). */
  env?: Record<string, string>;
}

export async function startCourse(
  backing: Backing,
  options: StartCourseOptions = {},
): Promise<CourseUnderTest> {
  const { logger, logs } = captureLogs();
  const bus = new InProcessBus({ duplicateWindowMs: 0 });
  const service = await startService(courseService, {
    env: { ...backing.env, ...options.env, INTERNAL_TOKEN_SECRET: SECRET, NODE_ENV: 'test' },
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
    deliver: async (event) => {
      await bus.publish(event);
      const deadline = Date.now() + 15_000;
      for (;;) {
        const rows = await service.deps.db
          .select()
          .from(inboxEvents)
          .where(eq(inboxEvents.eventId, event.id));
        if (rows.length > 0) return;
        if (Date.now() > deadline) throw new Error(`timed out waiting for event ${event.id} to be applied`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    stop: async () => {
      await service.stop();
      await bus.close();
    },
  };
}

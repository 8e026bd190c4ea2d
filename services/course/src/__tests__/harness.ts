/**
 * Starts the real course service for tests, on PGlite + a local folder, and on PostgreSQL + S3
 * (s3rver) when POSTGRES_URL is set, and calls it the way the gateway does (internal token).
 */
import { randomBytes } from 'node:crypto';
import type { Caller, EventEnvelope } from '@platform/contracts';
import type { Clock } from '@platform/service-kit/clock';
import type { RunningService } from '@platform/service-kit/runtime';
import {
  serviceBackings,
  startServiceUnderTest,
  type Backing,
  type BackingFactory,
  type ServiceUnderTest,
} from '@platform/service-kit/testing';
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
  /** The events the service has put in its outbox (of one type), oldest first. */
  events: ServiceUnderTest<CourseConfig, unknown, Clock>['events'];
  stop(): Promise<void>;
}

export interface StartCourseOptions {
  /** The service clock (drip release); the system clock by default. */
  clock?: Clock;
  /** More environment variables (e.g. lower limits). */
  env?: Record<string, string>;
}

export function startCourse(backing: Backing, options: StartCourseOptions = {}): Promise<CourseUnderTest> {
  return startServiceUnderTest(courseService, backing, { ...options, secret: SECRET });
}

/**
 * Runs `check` with `count` course services started at once on one new PostgreSQL database (the second
 * backing), as the replicas of one deployment are; stops them and removes the database afterwards.
 */
export async function withReplicas(
  count: number,
  check: (replicas: CourseUnderTest[]) => Promise<void>,
): Promise<void> {
  const backing = await backings()[1]!.create();
  const replicas: CourseUnderTest[] = [];
  try {
    replicas.push(...(await Promise.all(Array.from({ length: count }, () => startCourse(backing)))));
    await check(replicas);
  } finally {
    await Promise.all(replicas.map((replica) => replica.stop()));
    await backing.cleanup();
  }
}

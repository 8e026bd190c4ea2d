/**
 * Starts the real course service for tests, on PGlite + a local folder, and on PostgreSQL + S3
 * (s3rver) when POSTGRES_URL is set, and calls it the way the gateway does (internal token).
 */
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import {
  INTERNAL_TOKEN_HEADER,
  signInternalToken,
  startService,
  type RunningService,
} from '@platform/service-kit';
import { serviceBackings, type Backing, type BackingFactory } from '@platform/service-kit/testing';
import { pino } from 'pino';
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
  stop(): Promise<void>;
}

export async function startCourse(backing: Backing): Promise<CourseUnderTest> {
  const logs: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'debug' },
    new Writable({
      write(chunk, _encoding, callback) {
        for (const line of String(chunk).split('\n')) if (line.trim()) logs.push(JSON.parse(line));
        callback();
      },
    }),
  );
  const service = await startService(courseService, {
    env: { ...backing.env, INTERNAL_TOKEN_SECRET: SECRET, NODE_ENV: 'test' },
    port: 0,
    host: '127.0.0.1',
    logger,
  });
  return {
    service,
    logs,
    request: async (pathname, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set(INTERNAL_TOKEN_HEADER, await signInternalToken({ kind: 'anonymous' }, SECRET));
      return fetch(`${service.url}${pathname}`, { ...init, headers });
    },
    stop: () => service.stop(),
  };
}

/**
 * Starts the real course service for tests, on PGlite + a local folder, and on PostgreSQL + S3
 * (s3rver) when POSTGRES_URL is set, and calls it the way the gateway does (internal token).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import {
  INTERNAL_TOKEN_HEADER,
  signInternalToken,
  startService,
  type RunningService,
} from '@platform/service-kit';
import {
  createTestPostgresDatabase,
  postgresUrlFromEnv,
  startS3TestServer,
  type S3TestServer,
  type TestPostgresDatabase,
} from '@platform/service-kit/testing';
import { pino } from 'pino';
import { courseService, type CourseConfig } from '../index.js';

export const SECRET = randomBytes(24).toString('hex');

/** Where one test file's services keep their data: shared by every start, so restarts see it. */
export interface Backing {
  name: string;
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

export interface BackingFactory {
  name: string;
  create(): Promise<Backing>;
}

const pgliteAndLocalFolder: BackingFactory = {
  name: 'PGlite + local folder',
  create: async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'course-service-'));
    return {
      name: 'PGlite + local folder',
      env: { DATA_DIR: dataDir },
      cleanup: () => rm(dataDir, { recursive: true, force: true }),
    };
  },
};

const postgresAndS3 = (adminUrl: string): BackingFactory => ({
  name: 'PostgreSQL + S3',
  create: async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'course-service-'));
    let database: TestPostgresDatabase | undefined;
    let s3: S3TestServer | undefined;
    try {
      database = await createTestPostgresDatabase(adminUrl, 'course');
      s3 = await startS3TestServer();
    } catch (error) {
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
      throw error;
    }
    const { url } = database;
    const server = s3;
    return {
      name: 'PostgreSQL + S3',
      env: {
        DATA_DIR: dataDir,
        COURSE_DATABASE_URL: url,
        S3_ENDPOINT: `http://${server.endPoint}:${server.port}`,
        S3_ACCESS_KEY: server.accessKey,
        S3_SECRET_KEY: server.secretKey,
        S3_BUCKET: server.bucket,
      },
      cleanup: async () => {
        await server.stop();
        await database.drop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  },
});

/** The adapter sets to run every course-service suite on. */
export function backings(): BackingFactory[] {
  const postgresUrl = postgresUrlFromEnv();
  return postgresUrl ? [pgliteAndLocalFolder, postgresAndS3(postgresUrl)] : [pgliteAndLocalFolder];
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

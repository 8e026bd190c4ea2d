/**
 * Where a service under test keeps its data, for the `describe.each(backings)` of its suites: always a
 * PGlite folder with the in-process bus (and a local object folder); with POSTGRES_URL also a database
 * of its own on that server, plus, when asked, NATS JetStream streams of its own (NATS_URL) and an S3
 * test server. Every backing removes what it created.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deleteTestStreams, natsUrlFromEnv, uniqueStreamNames } from './nats.js';
import { createTestPostgresDatabase, postgresUrlFromEnv } from './postgres.js';
import { startS3TestServer } from './s3-server.js';

/** One test file's data: shared by every start of the service, so restarts see it. */
export interface Backing {
  name: string;
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

export interface BackingFactory {
  name: string;
  create(): Promise<Backing>;
}

export interface ServiceBackingOptions {
  /** The service name: its `<NAME>_DATABASE_URL` and the prefix of its temporary folders. */
  service: string;
  /** Run the PostgreSQL backing on NATS JetStream too (when NATS_URL is set). */
  nats?: boolean;
  /** Run the PostgreSQL backing on an S3 test server. */
  s3?: boolean;
}

export function serviceBackings(options: ServiceBackingOptions): BackingFactory[] {
  const postgresUrl = postgresUrlFromEnv();
  const natsUrl = options.nats ? natsUrlFromEnv() : undefined;
  return postgresUrl
    ? [pgliteBacking(options), postgresBacking(options, postgresUrl, natsUrl)]
    : [pgliteBacking(options)];
}

function pgliteBacking(options: ServiceBackingOptions): BackingFactory {
  const name = options.s3 ? 'PGlite + local folder' : 'PGlite';
  return {
    name,
    create: async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), `${options.service}-service-`));
      return {
        name,
        env: { DATA_DIR: dataDir },
        cleanup: () => rm(dataDir, { recursive: true, force: true }),
      };
    },
  };
}

function postgresBacking(
  options: ServiceBackingOptions,
  adminUrl: string,
  natsUrl: string | undefined,
): BackingFactory {
  const name = ['PostgreSQL', natsUrl ? 'NATS JetStream' : null, options.s3 ? 'S3' : null]
    .filter(Boolean)
    .join(' + ');
  return {
    name,
    create: async () => {
      const cleanups: Array<() => Promise<unknown>> = [];
      const cleanup = async () => {
        for (const step of [...cleanups].reverse()) await step();
      };
      try {
        const dataDir = await mkdtemp(path.join(tmpdir(), `${options.service}-service-`));
        cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
        const database = await createTestPostgresDatabase(adminUrl, options.service);
        cleanups.push(() => database.drop());
        const env: Record<string, string> = {
          DATA_DIR: dataDir,
          [`${options.service.toUpperCase()}_DATABASE_URL`]: database.url,
        };
        if (natsUrl) {
          const streams = uniqueStreamNames(options.service.slice(0, 4).toUpperCase());
          cleanups.push(() => deleteTestStreams(natsUrl, streams));
          Object.assign(env, {
            NATS_URL: natsUrl,
            NATS_STREAM: streams.stream,
            NATS_SUBJECT_PREFIX: streams.subjectPrefix,
          });
        }
        if (options.s3) {
          const s3 = await startS3TestServer();
          cleanups.push(() => s3.stop());
          Object.assign(env, {
            S3_ENDPOINT: `http://${s3.endPoint}:${s3.port}`,
            S3_ACCESS_KEY: s3.accessKey,
            S3_SECRET_KEY: s3.secretKey,
            S3_BUCKET: s3.bucket,
          });
        }
        return { name, env, cleanup };
      } catch (error) {
        await cleanup();
        throw error;
      }
    },
  };
}

/**
 * Where several services under test keep their data together, for the `describe.each` of a choreography
 * suite: always one PGlite folder per service with one in-process bus they share; with POSTGRES_URL and
 * NATS_URL also a PostgreSQL database per service and JetStream streams of their own (the services then
 * build their own NATS bus from the environment). `serviceBackings` is the same for one service. Every
 * run removes what it created.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import type { Clock } from '../clock.js';
import { InProcessBus } from '../events/in-process-bus.js';
import type { EventBus } from '../events/types.js';
import { deleteTestStreams, natsUrlFromEnv, uniqueStreamNames } from './nats.js';
import {
  startService,
  type BaseServiceConfig,
  type RunningService,
  type ServiceDefinition,
} from '../runtime/service.js';
import { createTestPostgresDatabase, postgresUrlFromEnv, type TestPostgresDatabase } from './postgres.js';

export interface SystemRun {
  /** The environment every service of the run starts with. */
  env: Record<string, string>;
  /** The in-process bus to hand every service, or undefined when they talk over NATS. */
  bus: EventBus | undefined;
  /** Starts one service of the run on a free local port, silent, with the run's environment and `env`. */
  start<TConfig extends BaseServiceConfig, TRuntime>(
    definition: ServiceDefinition<TConfig, TRuntime>,
    options?: { clock?: Clock; env?: Record<string, string> },
  ): Promise<RunningService<TConfig, TRuntime>>;
  cleanup(): Promise<void>;
}

function systemRun(
  env: Record<string, string>,
  bus: EventBus | undefined,
  cleanup: () => Promise<void>,
): SystemRun {
  return {
    env,
    bus,
    cleanup,
    start: (definition, options = {}) =>
      startService(definition, {
        env: { ...env, ...options.env },
        ...(bus && { bus }),
        ...(options.clock && { clock: options.clock }),
        port: 0,
        host: '127.0.0.1',
        logger: pino({ level: 'silent' }),
      }),
  };
}

export interface SystemBacking {
  name: string;
  open(): Promise<SystemRun>;
}

export interface SystemBackingOptions {
  /** Service names: each gets `<NAME>_DATABASE_URL` on PostgreSQL. */
  services: readonly string[];
  /** Prefix of the temporary folder, the databases and the streams, e.g. `share-payment`. */
  label: string;
}

export function systemBackings(options: SystemBackingOptions): SystemBacking[] {
  const postgresUrl = postgresUrlFromEnv();
  const natsUrl = natsUrlFromEnv();
  return postgresUrl && natsUrl
    ? [embeddedSystem(options), distributedSystem(options, postgresUrl, natsUrl)]
    : [embeddedSystem(options)];
}

function embeddedSystem(options: SystemBackingOptions): SystemBacking {
  return {
    name: 'the in-process bus and PGlite',
    open: async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), `${options.label}-`));
      const bus = new InProcessBus();
      return systemRun({ DATA_DIR: dataDir }, bus, async () => {
        await bus.close();
        await rm(dataDir, { recursive: true, force: true });
      });
    },
  };
}

function distributedSystem(
  options: SystemBackingOptions,
  postgresUrl: string,
  natsUrl: string,
): SystemBacking {
  return {
    name: 'NATS JetStream and PostgreSQL',
    open: async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), `${options.label}-`));
      const streams = uniqueStreamNames(
        options.label
          .replace(/[^a-z0-9]/gi, '')
          .toUpperCase()
          .slice(0, 10),
      );
      const databases: TestPostgresDatabase[] = [];
      const env: Record<string, string> = {
        DATA_DIR: dataDir,
        NATS_URL: natsUrl,
        NATS_STREAM: streams.stream,
        NATS_SUBJECT_PREFIX: streams.subjectPrefix,
      };
      const cleanup = async () => {
        for (const database of databases) await database.drop();
        await deleteTestStreams(natsUrl, streams);
        await rm(dataDir, { recursive: true, force: true });
      };
      try {
        for (const service of options.services) {
          const database = await createTestPostgresDatabase(postgresUrl, service);
          databases.push(database);
          env[`${service.toUpperCase()}_DATABASE_URL`] = database.url;
        }
      } catch (error) {
        await cleanup();
        throw error;
      }
      return systemRun(env, undefined, cleanup);
    },
  };
}

export interface WaitOptions {
  /** How long before giving up with an error naming `what` and the last value read (30 s). */
  timeoutMs?: number;
  /** How long between two reads (50 ms). */
  intervalMs?: number;
}

/**
 * Reads until `done` holds, for outcomes that travel as events or jobs (an inbox row, a mail, a log line):
 * the one way every test waits for a counted outcome instead of sleeping. `options` may be the timeout
 * alone. A condition without a value to show reads as `waitFor(condition, (ok) => ok, what)`.
 */
export async function waitFor<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  what: string,
  options: number | WaitOptions = {},
): Promise<T> {
  const { timeoutMs = 30_000, intervalMs = 50 } =
    typeof options === 'number' ? { timeoutMs: options } : options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

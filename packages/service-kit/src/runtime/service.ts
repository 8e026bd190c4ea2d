/**
 * Wiring every service shares: config → database → bus → storage → request limits → HTTP → outbox relay
 * → subscriptions → jobs. A service only declares what is its own (routes, tables, migrations,
 * subscriptions, jobs); the embedded runner and each service's `main.ts` both start it through
 * `startService`, so both modes run one code path.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Express, Router } from 'express';
import { z } from 'zod';
import { baseServiceEnvShape, envPort, loadConfig, type Env } from '../config.js';
import { systemClock, type Clock } from '../clock.js';
import { openDatabase, type Database, type DatabaseHandle } from '../db/database.js';
import { createLogger, type Logger } from '../logger.js';
import { createServiceApp, type LifecycleStage, type ReadinessCheck } from '../http/app.js';
import { listen, type RunningServer } from '../http/server.js';
import type { EventBus } from '../events/types.js';
import { InProcessBus } from '../events/in-process-bus.js';
import { JetStreamBus } from '../events/jetstream-bus.js';
import { OutboxRelay } from '../events/outbox.js';
import { startSubscriptions, type SubscriptionDefinition } from '../events/subscriptions.js';
import { personalDataErasure, personalDataRoutes, type PersonalDataPlan } from '../personal-data/index.js';
import type { InboxTable, OutboxTable } from '../events/tables.js';
import type { JobDefinition } from '../jobs/define-job.js';
import { JobRunner } from '../jobs/job-runner.js';
import type { JobsTable } from '../jobs/tables.js';
import { WakeUps } from '../jobs/wake-ups.js';
import { rateLimitCleanupJob } from '../rate-limits/cleanup-job.js';
import {
  openRateLimitStore,
  rateLimitsNotDeclared,
  type RateLimitStore,
} from '../rate-limits/rate-limit-store.js';
import type { RateLimitsTable } from '../rate-limits/tables.js';
import { createObjectStore } from '../storage/index.js';
import type { ObjectStore } from '../storage/types.js';
import { registerServiceReadings, type BusinessMetric } from './metrics.js';
import { startTracing } from './tracing.js';

/** `AUTH_DATABASE_URL`, `COURSE_DATABASE_URL`, … */
export function databaseUrlVariable<TName extends string>(name: TName): `${Uppercase<TName>}_DATABASE_URL` {
  return `${name.toUpperCase() as Uppercase<TName>}_DATABASE_URL`;
}

/**
 * The environment schema of a service: the shared settings, its port (`defaultPort` unless PORT says
 * otherwise) and its database URL, plus its own.
 */
export function serviceConfigSchema<TName extends string, TExtra extends z.ZodRawShape>(
  name: TName,
  defaultPort: number,
  extra: TExtra,
) {
  const databaseUrl = z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional()
    .describe("that service's PostgreSQL connection string; unset: PGlite under `DATA_DIR`");
  // A computed key alone would widen to an index signature; spell the variable's name in the type.
  const databaseShape = { [databaseUrlVariable(name)]: databaseUrl } as Record<
    `${Uppercase<TName>}_DATABASE_URL`,
    typeof databaseUrl
  >;
  return z
    .object({
      ...baseServiceEnvShape,
      PORT: envPort.default(defaultPort).describe('HTTP port (the embedded mode picks free loopback ports)'),
      ...databaseShape,
      ...extra,
    })
    .superRefine((parsed, ctx) => {
      const env = parsed as Record<string, unknown>;
      if (!env.S3_ENDPOINT) return;
      for (const variable of ['S3_ACCESS_KEY', 'S3_SECRET_KEY']) {
        if (!env[variable])
          ctx.addIssue({ code: 'custom', path: [variable], message: 'required when S3_ENDPOINT is set' });
      }
    });
}

/** What every service's config has, whatever it adds. */
export type BaseServiceConfig = z.infer<z.ZodObject<typeof baseServiceEnvShape>> & { PORT: number };

/**
 * What a service's code is handed: the kit's parts, and `runtime`, what the service's own `onStart` built
 * (its clients, hashers, providers). Code that needs none of the runtime takes `ServiceDeps<TConfig>`.
 */
export interface ServiceDeps<TConfig extends BaseServiceConfig = BaseServiceConfig, TRuntime = unknown> {
  config: TConfig;
  logger: Logger;
  db: Database;
  bus: EventBus;
  /** Present when the service declared `usesStorage`. */
  store: ObjectStore | undefined;
  clock: Clock;
  /**
   * Request limits (packages/service-kit/src/rate-limits/README.md), when the service declared a
   * `rateLimits` table: counted in its database, or in Redis with REDIS_URL.
   */
  rateLimits: RateLimitStore;
  /** Built by `onStart` before any route, subscription or job runs; undefined while `onStart` runs. */
  runtime: TRuntime;
}

/** What `onStart` hands back when it built a runtime: the runtime, and how to stop what it started. */
export interface StartedRuntime<TRuntime> {
  runtime: TRuntime;
  stop?: () => Promise<void>;
}

/**
 * What `onStart` returns: a service with a runtime returns it (`{ runtime, stop? }`); one without may
 * return nothing or a function that stops what it started.
 */
export type OnStartResult<TRuntime> = undefined extends TRuntime
  ? StartedRuntime<TRuntime> | (() => Promise<void>) | void
  : StartedRuntime<TRuntime>;

export interface ServiceDefinition<
  TConfig extends BaseServiceConfig = BaseServiceConfig,
  TRuntime = undefined,
> {
  name: string;
  configSchema: z.ZodObject;
  /** drizzle-kit's output folder (`migrationsFolderOf(import.meta.url)` from the service's `src/`). */
  migrationsFolder: string;
  /**
   * `jobs` (createServiceSchema's `jobs: true`) is needed once the service declares a periodic job;
   * `rateLimits` (its `rateLimits: true`) once it limits requests, which also adds the kit's cleanup job.
   */
  tables: { outbox: OutboxTable; inbox: InboxTable } & (
    { jobs?: JobsTable; rateLimits?: undefined } | { jobs: JobsTable; rateLimits: RateLimitsTable }
  );
  usesStorage: boolean;
  /**
   * With the local store: whether `store.presignGet` answers signed same-origin `/api/media/…` addresses
   * the gateway serves (docs/decisions.md, 52) rather than null. S3 presigns whatever this says.
   */
  signedMediaUrls?: (config: TConfig) => boolean;
  subscriptions: (deps: ServiceDeps<TConfig, TRuntime>) => SubscriptionDefinition[];
  routes: (router: Router, deps: ServiceDeps<TConfig, TRuntime>) => void;
  /** Routes outside the gateway-token check (provider webhooks verified by their own signatures). */
  publicRoutes?: (router: Router, deps: ServiceDeps<TConfig, TRuntime>) => void;
  /** Periodic jobs and work queues (packages/service-kit/src/jobs/README.md); started after the subscriptions. */
  jobs?: (deps: ServiceDeps<TConfig, TRuntime>) => JobDefinition[];
  /** Business totals read from the service's tables at each Prometheus scrape (runtime/metrics.ts). */
  metrics?: (deps: ServiceDeps<TConfig, TRuntime>) => BusinessMetric[];
  /**
   * Which tables hold a person's data and how each is erased (personal-data/): the kit answers the
   * gateway's export calls and, with `erasedOn`, erases when that event arrives (docs/decisions.md, 102–103).
   */
  personalData?: PersonalDataPlan;
  /** Seeding and what the routes and jobs need; may return a function that stops what it started. */
  onStart?: (deps: ServiceDeps<TConfig, undefined>) => Promise<OnStartResult<TRuntime>>;
}

/**
 * Declares a service: `defineService<AuthConfig, AuthRuntime>({ …, onStart: async (deps) => ({ runtime,
 * stop }) })`. A service that names a runtime must build it in `onStart`.
 */
export function defineService<TConfig extends BaseServiceConfig, TRuntime = undefined>(
  definition: ServiceDefinition<TConfig, TRuntime> &
    (undefined extends TRuntime ? unknown : Required<Pick<ServiceDefinition<TConfig, TRuntime>, 'onStart'>>),
): ServiceDefinition<TConfig, TRuntime> {
  return definition;
}

export interface StartServiceOptions {
  env?: Env;
  /** Shared in-process bus of the embedded mode; otherwise the service builds its own from NATS_URL. */
  bus?: EventBus;
  clock?: Clock;
  logger?: Logger;
  /** Overrides the configured port (0 = any free port). */
  port?: number;
  host?: string;
  /** The outbox relay's safety-net poll (default 250 ms); tests make it huge to prove the wake-ups. */
  outboxPollIntervalMs?: number;
}

export interface RunningService<TConfig extends BaseServiceConfig = BaseServiceConfig, TRuntime = unknown> {
  name: string;
  url: string;
  port: number;
  deps: ServiceDeps<TConfig, TRuntime>;
  server: RunningServer;
  /**
   * The service's request handler, for a gateway in the same process (the embedded mode): it hands a
   * request over without a second HTTP hop. Every route keeps its internal-token check.
   */
  app: Express;
  /** The service's jobs: tests call `runNow(name)` / `runDue()` and await the outcome. */
  jobs: JobRunner;
  /**
   * The first half of a graceful stop: `/readyz` fails at once, the HTTP server and the jobs stop taking
   * work and finish what they hold (until `deadline`, a time in ms since the epoch; SHUTDOWN_TIMEOUT_MS
   * from now when left out), and the outbox is published. The bus consumers keep running, so in the
   * embedded mode the other services still receive what it publishes.
   */
  drain(deadline?: number): Promise<void>;
  /** Publishes every due outbox row now; resolves with how many rows it took (0: nothing was pending). */
  flushOutbox(): Promise<number>;
  /** Drains, then stops the consumers, the relay and everything else; resolves once all is closed. */
  stop(): Promise<void>;
}

export async function startService<TConfig extends BaseServiceConfig, TRuntime = undefined>(
  definition: ServiceDefinition<TConfig, TRuntime>,
  options: StartServiceOptions = {},
): Promise<RunningService<TConfig, TRuntime>> {
  const config = loadConfig(definition.configSchema, options.env ?? process.env) as TConfig;
  const logger = options.logger ?? createLogger({ service: definition.name, level: config.LOG_LEVEL });
  startTracing({ serviceName: definition.name, otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
  const clock = options.clock ?? systemClock;
  const cleanups: Array<() => Promise<void>> = [];
  let stage: LifecycleStage = 'starting';
  let server: RunningServer | undefined;
  let relay: OutboxRelay | undefined;
  let jobs: JobRunner | undefined;
  const flushOutbox = async (deadline = Infinity): Promise<number> => {
    let taken = 0;
    while (relay && Date.now() < deadline) {
      const round = await relay.runOnce();
      taken += round.claimed;
      if (round.claimed === 0 || round.sent === 0) break;
    }
    return taken;
  };
  let draining: Promise<void> | undefined;
  const drain = (deadline = Date.now() + config.SHUTDOWN_TIMEOUT_MS) => {
    draining ??= (async () => {
      stage = 'stopping';
      await Promise.all([server?.close(Math.max(0, deadline - Date.now())), jobs?.stop()]);
      try {
        await flushOutbox(deadline);
      } catch (error) {
        // What stays in the outbox is published by another replica, or by this service's next start.
        logger.error({ err: error }, 'could not publish the outbox while stopping');
      }
    })();
    return draining;
  };
  // Stop taking work first (letting what is in flight finish), then everything else in reverse order.
  const runCleanups = async () => {
    await drain();
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        logger.error({ err: error }, 'error while stopping');
      }
    }
    cleanups.length = 0;
  };

  try {
    const database: DatabaseHandle = await openServiceDatabase(definition, config, logger);
    cleanups.push(() => database.close());
    const wakeUps = await WakeUps.listen({ db: database.db, schema: database.schemaName, logger });
    cleanups.push(() => wakeUps.close());

    let bus = options.bus;
    if (!bus) {
      bus = config.NATS_URL
        ? await JetStreamBus.connect({
            servers: config.NATS_URL,
            stream: config.NATS_STREAM,
            subjectPrefix: config.NATS_SUBJECT_PREFIX,
            name: definition.name,
            logger,
          })
        : new InProcessBus();
      const ownBus = bus;
      cleanups.push(() => ownBus.close());
    }

    const store = serviceObjectStore(definition, config);

    const rateLimitsTable = definition.tables.rateLimits;
    const rateLimits = rateLimitsTable
      ? await openRateLimitStore({
          db: database.db,
          table: rateLimitsTable,
          redisUrl: config.REDIS_URL,
          redisKeyPrefix: config.REDIS_KEY_PREFIX ?? definition.name,
          logger,
        })
      : rateLimitsNotDeclared(definition.name);
    cleanups.push(() => rateLimits.close());

    relay = new OutboxRelay({
      db: database.db,
      table: definition.tables.outbox,
      bus,
      logger,
      wakeUps,
      pollIntervalMs: options.outboxPollIntervalMs,
    });
    const startDeps: ServiceDeps<TConfig, undefined> = {
      config,
      logger,
      db: database.db,
      bus,
      store,
      clock,
      rateLimits,
      runtime: undefined,
    };

    const started: StartedRuntime<TRuntime> | (() => Promise<void>) | void = definition.onStart
      ? await definition.onStart(startDeps)
      : undefined;
    const stopStarted = typeof started === 'function' ? started : started?.stop;
    if (stopStarted) cleanups.push(stopStarted);
    // Without an onStart, only a service without a runtime type gets here (defineService requires it).
    const deps: ServiceDeps<TConfig, TRuntime> = {
      ...startDeps,
      runtime: (typeof started === 'object' ? started.runtime : undefined) as TRuntime,
    };

    const readiness: Record<string, ReadinessCheck> = { database: database.ping, bus: () => deps.bus.ping() };
    if (store) readiness.storage = () => store.ping();
    const app = createServiceApp({
      service: definition.name,
      logger,
      internalTokenSecret: config.INTERNAL_TOKEN_SECRET,
      readiness,
      stage: () => stage,
      routes: (router) => {
        if (definition.personalData) {
          personalDataRoutes(router, {
            service: definition.name,
            db: deps.db,
            store,
            plan: definition.personalData,
          });
        }
        definition.routes(router, deps);
      },
      publicRoutes: definition.publicRoutes ? (router) => definition.publicRoutes!(router, deps) : undefined,
    });
    server = await listen(app, options.port ?? config.PORT, options.host ?? config.HOST);

    const ownRelay = relay;
    ownRelay.start();
    cleanups.push(() => ownRelay.stop());
    const subscriptions = await startSubscriptions({
      bus,
      db: database.db,
      inboxTable: definition.tables.inbox,
      service: definition.name,
      subscriptions: [
        ...definition.subscriptions(deps),
        ...(definition.personalData
          ? personalDataErasure({ plan: definition.personalData, outbox: definition.tables.outbox, store })
          : []),
      ],
      logger,
    });
    cleanups.push(() => subscriptions.stop());
    const jobDefinitions = [
      ...(definition.jobs?.(deps) ?? []),
      ...(rateLimitsTable ? [rateLimitCleanupJob({ db: database.db, table: rateLimitsTable })] : []),
    ];
    const jobRunner = new JobRunner({
      db: database.db,
      jobsTable: definition.tables.jobs,
      jobs: jobDefinitions,
      clock,
      logger,
      wakeUps,
      service: definition.name,
    });
    jobs = jobRunner;
    await jobRunner.start();
    // Stopped first: a running job may still publish events or read what the subscriptions keep.
    cleanups.push(() => jobRunner.stop());
    const stopReadings = registerServiceReadings({
      service: definition.name,
      db: database.db,
      outbox: definition.tables.outbox,
      jobs: jobDefinitions,
      business: definition.metrics?.(deps) ?? [],
    });
    cleanups.push(async () => stopReadings());
    stage = 'serving';

    logger.info(
      {
        url: server.url,
        bus: bus.kind,
        database: database.kind,
        storage: store?.kind,
        ...(rateLimitsTable ? { rateLimits: rateLimits.kind } : {}),
      },
      'service started',
    );
    return {
      name: definition.name,
      url: server.url,
      port: server.port,
      deps,
      server,
      app,
      jobs: jobRunner,
      drain,
      flushOutbox: () => flushOutbox(),
      stop: runCleanups,
    };
  } catch (error) {
    await runCleanups();
    throw error;
  }
}

/** The service's database, where its config says (PGlite under DATA_DIR, or its database URL), migrated. */
export function openServiceDatabase<TConfig extends BaseServiceConfig, TRuntime>(
  definition: ServiceDefinition<TConfig, TRuntime>,
  config: TConfig,
  logger?: Logger,
): Promise<DatabaseHandle> {
  return openDatabase({
    schemaName: definition.name,
    url: (config as Record<string, unknown>)[databaseUrlVariable(definition.name)] as string | undefined,
    ...pgliteFolder(config.DATA_DIR, definition.name),
    migrationsFolder: definition.migrationsFolder,
    logger,
  });
}

/** The service's object store (local folder or S3), when it declared `usesStorage`. */
export function serviceObjectStore<TConfig extends BaseServiceConfig, TRuntime>(
  definition: ServiceDefinition<TConfig, TRuntime>,
  config: TConfig,
): ObjectStore | undefined {
  if (!definition.usesStorage) return undefined;
  return createObjectStore({
    localDir: path.join(config.DATA_DIR, 'objects'),
    s3: config.S3_ENDPOINT ? s3SettingsFrom(config) : undefined,
    ...(definition.signedMediaUrls?.(config) && {
      signedUrls: { secret: config.INTERNAL_TOKEN_SECRET },
    }),
  });
}

/**
 * Where a service keeps its PGlite data: `DATA_DIR/db/site`, one folder and one instance for every
 * service of the process, each in its own schema under its own role (docs/decisions.md, 55). A data
 * folder made before that holds one PGlite folder per service (`DATA_DIR/db/<service>`); a service that
 * finds its own keeps using it, so an existing site loses nothing.
 */
function pgliteFolder(dataDir: string, serviceName: string): { dataDir: string; sharePglite: boolean } {
  const ownFolder = path.join(dataDir, 'db', serviceName);
  if (existsSync(path.join(ownFolder, 'PG_VERSION'))) return { dataDir: ownFolder, sharePglite: false };
  return { dataDir: path.join(dataDir, 'db', 'site'), sharePglite: true };
}

function s3SettingsFrom(config: BaseServiceConfig) {
  const endpoint = new URL(config.S3_ENDPOINT!);
  const useSSL = endpoint.protocol === 'https:';
  return {
    endPoint: endpoint.hostname,
    port: endpoint.port ? Number(endpoint.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: config.S3_ACCESS_KEY ?? '',
    secretKey: config.S3_SECRET_KEY ?? '',
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    pathStyle: true,
    ...(config.S3_PUBLIC_ENDPOINT && { publicEndpoint: addressOf(new URL(config.S3_PUBLIC_ENDPOINT)) }),
  };
}

function addressOf(url: URL) {
  const useSSL = url.protocol === 'https:';
  return { endPoint: url.hostname, port: url.port ? Number(url.port) : useSSL ? 443 : 80, useSSL };
}

/** A service's migrations: the `drizzle/` folder beside its `src/`, found from a module of `src/` (`import.meta.url`). */
export function migrationsFolderOf(moduleUrl: string): string {
  return path.resolve(path.dirname(fileURLToPath(moduleUrl)), '..', 'drizzle');
}

/**
 * The embedded mode: the gateway and all six services in one Node process, each service on its own
 * loopback port, sharing one in-process event bus; data under DATA_DIR. Same code as the distributed mode
 * (docs/architecture.md, run modes). `npm start` runs it (scripts/start-embedded.mjs); the browser suite
 * and the benches start their own sites with it.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { authService } from '@platform/auth';
import { consultationService } from '@platform/consultation';
import { courseService } from '@platform/course';
import { gatewayConfigSchema, startGateway } from '@platform/gateway';
import { notificationService } from '@platform/notification';
import { paymentService } from '@platform/payment';
import { revenueService } from '@platform/revenue';
import { writeBackup, type BackupSummary } from '@platform/service-kit/backup';
import type { Clock } from '@platform/service-kit/clock';
import { loadConfig } from '@platform/service-kit/config';
import { InProcessBus } from '@platform/service-kit/events';
import { createLogger } from '@platform/service-kit/logger';
import {
  flushTraces,
  installProcessGuard,
  startMetricsServer,
  startService,
  startTracing,
  stopServices,
  type RunningService,
} from '@platform/service-kit/runtime';
import { LocalObjectStore } from '@platform/service-kit/storage';
import { backupSourcesOf, serveBackups } from './backup.js';

export { backupSite, backupSocketPath, restoreSite } from './backup.js';

type Env = Record<string, string | undefined>;
type LogLevel = NonNullable<Parameters<typeof createLogger>[0]['level']>;

export interface EmbeddedOptions {
  /** The environment the site reads its settings from; `process.env` when left out. */
  env?: Env;
  /**
   * The business time of every service: drip release, sessions, reminders, due dates, the jobs'
   * schedules. Left out, the system clock. It has to keep running between moves, as the `RunningClock`
   * of e2e/helpers/own-site.ts does (a whole site stamps change after change with it, and some
   * projections keep only the newer by its time). The gateway has no service clock: internal tokens and
   * signed media addresses are signed and checked on real time on both sides, and request limits count
   * real time, so moving the clock changes what the services decide, never whether they accept the
   * gateway's calls.
   */
  clock?: Clock;
}

export interface EmbeddedSite {
  /** The gateway's address: the site. */
  url: string;
  port: number;
  /** Each service's own loopback address, by name (health checks, tests, tools). */
  services: Record<string, string>;
  /** The process's metrics (every service's and the gateway's), when METRICS_PORT is set. */
  metricsUrl?: string;
  /** Writes an archive of every service's data while the site runs (docs/decisions.md, 92). */
  backup(output: Writable): Promise<BackupSummary>;
  /**
   * The longest `stop()` takes (SHUTDOWN_TIMEOUT_MS, 10 s unless set): the gateway's and the services'
   * work in flight share one deadline within it, and the closing that follows has the rest.
   */
  shutdownTimeoutMs: number;
  /**
   * Fails readiness and stops the jobs at once, lets the gateway finish its requests, drains the services,
   * then stops them and the bus; calling it again returns the same promise.
   */
  stop(): Promise<void>;
}

export async function startEmbedded(options: EmbeddedOptions = {}): Promise<EmbeddedSite> {
  const baseEnv = options.env ?? process.env;
  // The services write the site's address into e-mails and provider return URLs before the gateway
  // listens, so a port left to the system (PORT=0) is chosen here first.
  const gatewayPort = await sitePort(baseEnv.PORT);
  const env: Env = {
    ...baseEnv,
    DATA_DIR: path.resolve(baseEnv.DATA_DIR || './data'),
    // Tokens never leave this process, so a fresh secret per start is enough.
    INTERNAL_TOKEN_SECRET: baseEnv.INTERNAL_TOKEN_SECRET || randomBytes(32).toString('hex'),
    HOST: '127.0.0.1',
    // Links in e-mails follow the port the site serves, unless the site is reached at another address.
    PUBLIC_BASE_URL:
      baseEnv.PUBLIC_BASE_URL ||
      (Number.isInteger(gatewayPort) ? `http://localhost:${gatewayPort}` : undefined),
  };
  // Lesson media: the course service checks access and redirects to a signed /api/media/… address that
  // the gateway, in this same process, sends from the course's folder (docs/decisions.md, 52).
  const courseEnv: Env = { ...env, MEDIA_URLS_FROM_GATEWAY: baseEnv.MEDIA_URLS_FROM_GATEWAY || 'true' };
  mkdirSync(env.DATA_DIR as string, { recursive: true });
  // One request's error is logged under its service and answered 500; nothing escapes silently, and
  // nothing takes the other services down (packages/service-kit/src/runtime/process-guard.ts).
  // Each service checks LOG_LEVEL with its config schema as it starts.
  const level = (env.LOG_LEVEL || 'info') as LogLevel;
  const removeGuard = installProcessGuard({
    logger: createLogger({ service: 'embedded', level }),
    outsideRequest: 'keep-running',
  });
  // One tracer provider for the whole site, before any service registers its own (runtime/tracing.ts).
  startTracing({
    serviceName: 'restaurant-consultant',
    otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined,
  });
  const bus = new InProcessBus();
  const services: RunningService[] = [];
  const startOptions = (name: string, serviceEnv: Env) => ({
    env: serviceEnv,
    bus,
    clock: options.clock,
    port: 0,
    host: '127.0.0.1',
    logger: createLogger({ service: name, level }),
  });
  const start = async <T extends RunningService>(running: Promise<T>): Promise<T> => {
    const service = await running;
    services.push(service);
    return service;
  };
  try {
    const [course] = await Promise.all([
      start(startService(courseService, startOptions(courseService.name, courseEnv))),
      start(startService(authService, startOptions(authService.name, env))),
      start(startService(consultationService, startOptions(consultationService.name, env))),
      start(startService(paymentService, startOptions(paymentService.name, env))),
      start(startService(revenueService, startOptions(revenueService.name, env))),
      start(startService(notificationService, startOptions(notificationService.name, env))),
    ]);
    const urls = Object.fromEntries(services.map((s) => [`${s.name.toUpperCase()}_SERVICE_URL`, s.url]));
    const gatewayConfig = loadConfig(gatewayConfigSchema, {
      ...env,
      ...urls,
      ...mediaObjectsOf(course),
      HOST: baseEnv.HOST || '0.0.0.0',
      PORT: String(gatewayPort),
    });
    const gateway = await startGateway(gatewayConfig, {
      logger: createLogger({ service: 'gateway', level }),
      // API requests go from the gateway to each service's handler in this process, not over a second
      // HTTP connection; the services still listen on their ports (health checks, tests, tools).
      inProcess: Object.fromEntries(services.map((s) => [s.name, s.app])),
    });
    const metrics =
      gatewayConfig.METRICS_PORT === undefined
        ? undefined
        : await startMetricsServer({
            port: gatewayConfig.METRICS_PORT,
            host: baseEnv.HOST || '0.0.0.0',
            logger: createLogger({ service: 'embedded', level }),
          });
    // `npm run backup` reaches the running site through its data folder (packages/embedded/src/backup.ts).
    const backupSources = backupSourcesOf(services);
    const backups = await serveBackups(
      env.DATA_DIR as string,
      backupSources,
      createLogger({ service: 'embedded', level }),
    );
    let stopping: Promise<void> | undefined;
    return {
      url: gateway.url,
      port: gateway.port,
      services: Object.fromEntries(services.map((s) => [s.name, s.url])),
      metricsUrl: metrics?.url,
      backup: (output) => writeBackup(backupSources, output),
      shutdownTimeoutMs: gatewayConfig.SHUTDOWN_TIMEOUT_MS,
      stop: () => {
        stopping ??= (async () => {
          // One deadline for the site's work in flight, not one for the gateway and then another for the
          // services (docs/decisions.md, 80).
          const deadline = Date.now() + drainBudgetMs(gatewayConfig.SHUTDOWN_TIMEOUT_MS);
          // The services keep listening until the gateway is done: its requests still look sessions up
          // at auth and read course over HTTP. Their jobs take no new work from now on.
          await Promise.all([
            gateway.close(deadline - Date.now()),
            backups.close(),
            ...services.map((service) => service.jobs.stop()),
          ]);
          await stopServices(services, { deadline });
          await metrics?.close();
          await bus.close();
          await flushTraces();
          removeGuard();
        })();
        return stopping;
      },
    };
  } catch (error) {
    await Promise.allSettled(services.map((s) => s.stop()));
    await bus.close();
    removeGuard();
    throw error;
  }
}

/**
 * The part of the stop's bound that work in flight may take; the rest (3 s of the default 10 s) is for
 * closing the consumers, relays and databases, so that the whole stop fits in `shutdownTimeoutMs`.
 */
export function drainBudgetMs(shutdownTimeoutMs: number): number {
  return shutdownTimeoutMs - Math.min(3_000, Math.floor(shutdownTimeoutMs / 3));
}

/** The gateway's port: PORT (3000 when unset), or for `0` a free one the system names now. */
async function sitePort(requested: string | undefined): Promise<number> {
  const port = requested === undefined || requested === '' ? 3000 : Number(requested);
  if (port !== 0) return port;
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
}

/**
 * The gateway's MEDIA_OBJECTS_DIR: the course service's own folder, when its media are signed local
 * addresses (with S3 they are presigned S3 URLs, and the gateway serves no files).
 */
function mediaObjectsOf(course: RunningService): { MEDIA_OBJECTS_DIR?: string } {
  const store = course.deps.store;
  const config = course.deps.config as { MEDIA_URLS_FROM_GATEWAY?: boolean };
  if (!config.MEDIA_URLS_FROM_GATEWAY || !(store instanceof LocalObjectStore)) return {};
  return { MEDIA_OBJECTS_DIR: store.rootDir };
}

// The embedded mode: the gateway and all six services in one Node process, each service on its own
// loopback port, sharing one in-process event bus; data under DATA_DIR. Same code as the distributed mode.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { SERVICE_NAMES } from '@platform/contracts/services';
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
} from '@platform/service-kit/runtime';
import { authService } from '@platform/auth';
import { courseService } from '@platform/course';
import { consultationService } from '@platform/consultation';
import { paymentService } from '@platform/payment';
import { revenueService } from '@platform/revenue';
import { notificationService } from '@platform/notification';
import { gatewayConfigSchema, startGateway } from '@platform/gateway';

const definitions = [
  authService,
  courseService,
  consultationService,
  paymentService,
  revenueService,
  notificationService,
];

/**
 * `clock` (a kit `Clock`) is the business time of every service: drip release, sessions, reminders, due
 * dates, the jobs' schedules. Left out, the system clock. It has to keep running between moves, as the
 * `RunningClock` of e2e/helpers/own-site.ts does (a whole site stamps change after change with it, and some
 * projections keep only the newer by its time). The gateway has no service clock: internal tokens and
 * signed media addresses are signed and checked on real time on both sides, and request limits count real
 * time, so moving the clock changes what the services decide, never whether they accept the gateway's calls.
 *
 * @param {{ env?: Record<string, string | undefined>, clock?: import('@platform/service-kit/clock').Clock }} [options]
 * @returns {Promise<{ url: string, port: number, metricsUrl?: string, stop: () => Promise<void> }>}
 */
export async function startEmbedded(options = {}) {
  const baseEnv = options.env ?? process.env;
  // The services write the site's address into e-mails and provider return URLs before the gateway
  // listens, so a port left to the system (PORT=0) is chosen here first.
  const gatewayPort = await sitePort(baseEnv.PORT);
  const env = {
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
  const courseEnv = { ...env, MEDIA_URLS_FROM_GATEWAY: baseEnv.MEDIA_URLS_FROM_GATEWAY || 'true' };
  mkdirSync(env.DATA_DIR, { recursive: true });
  // One request's error is logged under its service and answered 500; nothing escapes silently, and
  // nothing takes the other services down (packages/service-kit/src/runtime/process-guard.ts).
  const removeGuard = installProcessGuard({
    logger: createLogger({ service: 'embedded', level: env.LOG_LEVEL || 'info' }),
    outsideRequest: 'keep-running',
  });
  // One tracer provider for the whole site, before any service registers its own (runtime/tracing.ts).
  startTracing({
    serviceName: 'restaurant-consultant',
    otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined,
  });
  const bus = new InProcessBus();
  const services = [];
  try {
    const started = await Promise.all(
      definitions.map((definition) =>
        startService(definition, {
          env: definition === courseService ? courseEnv : env,
          bus,
          clock: options.clock,
          port: 0,
          host: '127.0.0.1',
          logger: createLogger({ service: definition.name, level: env.LOG_LEVEL || 'info' }),
        }),
      ),
    );
    services.push(...started);
    const urls = Object.fromEntries(started.map((s) => [`${s.name.toUpperCase()}_SERVICE_URL`, s.url]));
    const gatewayConfig = loadConfig(gatewayConfigSchema, {
      ...env,
      ...urls,
      ...mediaObjectsOf(started.find((s) => s.name === 'course')),
      HOST: baseEnv.HOST || '0.0.0.0',
      PORT: String(gatewayPort),
    });
    const gateway = await startGateway(gatewayConfig, {
      logger: createLogger({ service: 'gateway', level: env.LOG_LEVEL || 'info' }),
      // API requests go from the gateway to each service's handler in this process, not over a second
      // HTTP connection; the services still listen on their ports (health checks, tests, tools).
      inProcess: Object.fromEntries(started.map((s) => [s.name, s.app])),
    });
    // The process's metrics (every service's and the gateway's) on a private port, when one is set.
    const metrics =
      gatewayConfig.METRICS_PORT === undefined
        ? undefined
        : await startMetricsServer({
            port: gatewayConfig.METRICS_PORT,
            host: baseEnv.HOST || '0.0.0.0',
            logger: createLogger({ service: 'embedded', level: env.LOG_LEVEL || 'info' }),
          });
    let stopping;
    return {
      url: gateway.url,
      port: gateway.port,
      services: Object.fromEntries(started.map((s) => [s.name, s.url])),
      metricsUrl: metrics?.url,
      stop: () => {
        stopping ??= (async () => {
          await gateway.close();
          await stopServices(services);
          await metrics?.close();
          await bus.close();
          await flushTraces();
          removeGuard();
        })();
        return stopping;
      },
    };
  } catch (error) {
    await Promise.all(services.map((s) => s.stop()));
    await bus.close();
    removeGuard();
    throw error;
  }
}

/**
 * The gateway's port: PORT (3000 when unset), or for `0` a free one the system names now.
 *
 * @param {string | undefined} requested
 * @returns {Promise<number>}
 */
async function sitePort(requested) {
  const port = requested === undefined || requested === '' ? 3000 : Number(requested);
  if (port !== 0) return port;
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => resolve(free));
    });
  });
}

/**
 * The gateway's MEDIA_OBJECTS_DIR: the course service's own folder, when its media are signed local
 * addresses (with S3 they are presigned S3 URLs, and the gateway serves no files).
 *
 * @param {{ deps: { config: Record<string, unknown>, store?: { kind: string, rootDir?: string } } } | undefined} course
 */
function mediaObjectsOf(course) {
  const store = course?.deps.store;
  if (!course?.deps.config.MEDIA_URLS_FROM_GATEWAY || store?.kind !== 'local' || !store.rootDir) return {};
  return { MEDIA_OBJECTS_DIR: store.rootDir };
}

export { SERVICE_NAMES };

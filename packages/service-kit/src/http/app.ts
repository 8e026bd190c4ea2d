/**
 * The one way to build a service's HTTP app: request ids and logs, health endpoints, the gateway's
 * internal token, JSON 404, and one error middleware that maps AppError types to status codes.
 *
 * Health: `/livez` (and its older name `/healthz`) says the process answers and checks nothing else, so a
 * database outage never restarts every replica; `/readyz` is 503 while the process starts or stops, and
 * otherwise runs the named checks (database, bus, storage).
 */
import { randomUUID } from 'node:crypto';
import express, { type ErrorRequestHandler, type Express, type Request, type Router } from 'express';
import { ZodError } from 'zod';
import type { Readiness } from '@platform/contracts';
import { AppError } from '../errors.js';
import { REQUEST_ID_HEADER, requireGatewayToken } from '../identity.js';
import type { Logger } from '../logger.js';
import { httpRequestDuration } from '../runtime/metrics.js';
import { traceRequest } from '../runtime/tracing.js';
import { enterRequestContext } from './request-context.js';
import { logRequests } from './request-log.js';

export type ReadinessCheck = () => Promise<void>;
export type LifecycleStage = NonNullable<Readiness['stage']>;

export interface CreateServiceAppOptions {
  service: string;
  logger: Logger;
  internalTokenSecret: string;
  /** Named checks for `/readyz`, e.g. `{ database, bus, storage }`. */
  readiness: Record<string, ReadinessCheck>;
  /** Where the process is; `/readyz` answers 503 at once unless `serving`. Unset: always serving. */
  stage?: () => LifecycleStage;
  /** Mounts the service's routes; every one of them sits behind the internal-token check. */
  routes: (router: Router) => void;
  /** Routes mounted before the token check (e.g. provider webhooks verified by their own signature). */
  publicRoutes?: (router: Router) => void;
}

const HEALTH_PATHS = new Set(['/livez', '/healthz', '/readyz']);
const SANE_REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function createServiceApp(options: CreateServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  // No forwarding header is trusted by itself: `clientAddress(req)` takes the gateway's, behind its token.
  app.set('trust proxy', false);

  // First, so whatever a request starts runs in its context (the process guard reads it).
  app.use(enterRequestContext(options.service, options.logger));
  // The gateway logs every request it proxies; a service's own line is for debugging, or an error.
  app.use(
    logRequests({
      logger: options.logger,
      level: 'debug',
      requestId: (req) => {
        const incoming = req.headers[REQUEST_ID_HEADER];
        return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
      },
      ignore: (req) => HEALTH_PATHS.has(req.url ?? ''),
      // The route's pattern (`/api/orders/:id`), so one series per route whatever the ids.
      observe: (req, status, seconds) =>
        httpRequestDuration.observe(
          {
            service: options.service,
            method: req.method ?? '',
            route: (req as Request).route?.path ?? 'unmatched',
            status: String(status),
          },
          seconds,
        ),
    }),
  );

  // Each request continues the trace the gateway passed on (health checks stay out of the traces).
  app.use((req, res, next) => {
    if (HEALTH_PATHS.has(req.url)) return next();
    traceRequest(
      options.service,
      req,
      res,
      () => (req.route as { path?: string } | undefined)?.path ?? 'unmatched',
      next,
    );
  });

  app.get(['/livez', '/healthz'], (_req, res) => {
    res.json({ status: 'ok', service: options.service });
  });
  app.get('/readyz', async (_req, res) => {
    const stage = options.stage?.();
    const readiness: Readiness =
      stage === undefined || stage === 'serving'
        ? { ...(await checkReadiness(options.service, options.readiness)), ...(stage && { stage }) }
        : { status: 'not-ready', service: options.service, checks: {}, stage };
    res.status(readiness.status === 'ready' ? 200 : 503).json(readiness);
  });

  if (options.publicRoutes) {
    const publicRouter = express.Router();
    options.publicRoutes(publicRouter);
    app.use(publicRouter);
  }

  const router = express.Router();
  router.use(requireGatewayToken(options.internalTokenSecret));
  options.routes(router);
  app.use(router);

  app.use((req, _res, next) => next(new AppError('not_found', `Not found: ${req.method} ${req.path}`)));
  app.use(errorMiddleware);
  return app;
}

export async function checkReadiness(
  service: string,
  checks: Record<string, ReadinessCheck>,
): Promise<Readiness> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        await withTimeout(check(), 3_000, `${name} check timed out`);
        return [name, { status: 'ok' as const }] as const;
      } catch (error) {
        return [
          name,
          { status: 'error' as const, error: error instanceof Error ? error.message : String(error) },
        ] as const;
      }
    }),
  );
  const checksResult = Object.fromEntries(entries);
  const ready = entries.every(([, result]) => result.status === 'ok');
  return { status: ready ? 'ready' : 'not-ready', service, checks: checksResult };
}

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(message)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Maps errors to `{ message }` answers; details of unknown errors stay in the log. */
export const errorMiddleware: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  const appError = toAppError(error);
  if (appError) {
    if (appError.status >= 500) req.log?.error({ err: error }, appError.message);
    if (appError.headers) res.set(appError.headers);
    if (!res.headersSent) res.status(appError.status).json(appError.toBody());
    return;
  }
  req.log?.error({ err: error }, 'unhandled error');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(500).json({ message: 'Internal server error' });
};

function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return AppError.fromZod(error);
  // A path parameter that does not percent-decode (`/x/%E0%A4%A`) names nothing that exists.
  if (error instanceof URIError) return new AppError('not_found', 'Not found');
  // Errors raised by Express's own body parsers carry a status and an expose flag.
  if (typeof error === 'object' && error !== null && 'status' in error && 'expose' in error && error.expose) {
    const status = Number((error as { status: unknown }).status);
    if (status === 413) return new AppError('payload_too_large', 'Request body is too large');
    if (status === 400) return new AppError('invalid', 'Request body is not valid JSON');
    if (status === 415) return new AppError('unsupported_media_type', 'Unsupported content type');
  }
  return null;
}

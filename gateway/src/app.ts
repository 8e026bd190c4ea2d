/**
 * The gateway's request handler, without listening, so tests and the embedded runner can drive it: an
 * Express app, with the API requests the services answer taken before Express runs (the lean API path).
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import {
  createLogger,
  enterRequestContext,
  httpRequestDuration,
  logRequests,
  traceRequest,
  REQUEST_ID_HEADER,
  type Logger,
} from '@platform/service-kit';
import type { GatewayConfig } from './config.js';
import { getServiceUrl } from './config.js';
import { createFrontEndRouter } from './front-end/front-end.router.js';
import { HeldFiles } from './front-end/held-files.js';
import { serveHeldCopies } from './front-end/precompressed.js';
import { createHealthRouter } from './health/readiness.router.js';
import { createLoadShedder } from './overload/shed-load.js';
import { createClientAddressOf } from './security/client-address.js';
import { createSignedMedia } from './media/signed-media.js';
import { answerJson, type NodeMiddleware } from './plain-http.js';
import { chooseRequestId } from './request-id.js';
import { isApiPath, resolveService } from './routes.js';
import { refuseCrossSiteWrites } from './security/cross-site.js';
import { securityHeaders } from './security/security-headers.js';
import { createCallerResolver, type CallerResolver } from './session/resolve-caller.js';
import { createApiProxy, type InProcessServices } from './upstream/api-proxy.js';
import { createUpstreamAgents, type UpstreamAgents } from './upstream/upstream-agents.js';

// The session lookup is on every proxied request's path: keep its deadline short.
const MAX_SESSION_LOOKUP_MS = 5_000;

export interface GatewayDeps {
  logger: Logger;
  /** Keep-alive agents per upstream; whoever creates them destroys them at shutdown. */
  agents: UpstreamAgents;
  callers: CallerResolver;
  /**
   * Services running in this same process (the embedded mode): their API requests are handed to the
   * service's request handler instead of crossing a second HTTP connection. The rest are proxied.
   */
  inProcess: InProcessServices;
  /** True once the process is stopping: `/readyz` answers 503 from then on. */
  isStopping: () => boolean;
}

export interface Gateway {
  /** Everything the gateway answers, through Express (the API path included). */
  app: Express;
  /**
   * What a server listens with: the API requests a service answers go the lean way (the same steps as in
   * `app`, without Express's router and request objects in front), the rest to `app`.
   */
  listener: RequestListener;
}

export function createGatewayApp(config: GatewayConfig, deps: Partial<GatewayDeps> = {}): Express {
  return createGateway(config, deps).app;
}

export function createGateway(config: GatewayConfig, deps: Partial<GatewayDeps> = {}): Gateway {
  const logger = deps.logger ?? createLogger({ service: 'gateway', level: config.LOG_LEVEL });
  const agents = deps.agents ?? createUpstreamAgents();
  const callers =
    deps.callers ??
    createCallerResolver({
      authUrl: getServiceUrl(config, 'auth'),
      internalTokenSecret: config.INTERNAL_TOKEN_SECRET,
      cacheMs: config.SESSION_CACHE_MS,
      timeoutMs: Math.min(config.UPSTREAM_TIMEOUT_MS, MAX_SESSION_LOOKUP_MS),
      agent: agents.agentFor(getServiceUrl(config, 'auth')),
    });

  // The steps before the proxy, as plain node:http middleware so that the lean API path runs the very
  // same ones (service-kit's two read nothing Express adds but the original URL, set on that path).
  const enterContext = enterRequestContext('gateway', logger) as NodeMiddleware;
  const setSecurityHeaders = securityHeaders(config);
  const logRequest = logRequests({
    logger,
    level: 'info',
    requestId: (req) => chooseRequestId(req.headers[REQUEST_ID_HEADER]),
    ignore: (req) => HEALTH_PATHS.has(req.url ?? ''),
    // By the service the route table gives the path to (or `api`, `site`): one series per owner.
    observe: (req, status, seconds) =>
      httpRequestDuration.observe(
        { service: 'gateway', method: req.method ?? '', route: routeLabel(req), status: String(status) },
        seconds,
      ),
  }) as NodeMiddleware;
  // Each request starts (or continues) a trace; the proxy passes it on (runtime/tracing.ts in the kit).
  const traceStep: NodeMiddleware = (req, res, next) => {
    if (HEALTH_PATHS.has(req.url ?? '')) return next();
    traceRequest('gateway', req, res, () => routeLabel(req), next);
  };
  const refuseCrossSite = refuseCrossSiteWrites();
  const shedLoad = createLoadShedder({
    maxInFlight: config.MAX_IN_FLIGHT,
    maxInFlightPerClient: config.MAX_IN_FLIGHT_PER_CLIENT,
    clientAddressOf: createClientAddressOf(config.TRUSTED_PROXIES),
    retryAfterSeconds: config.RETRY_AFTER_SECONDS,
  }).step;
  const api = createApiProxy({ config, agents, callers, logger, inProcess: deps.inProcess });

  const app = express();
  app.disable('x-powered-by');
  // First: an error escaping a request is then logged under the gateway and answered by the process guard.
  app.use(enterContext as RequestHandler);

  // Before anything answers, so every page, file and JSON answer (the services' too) carries them.
  app.use(setSecurityHeaders as RequestHandler);
  // Copies of content-hashed built files already sent once, from memory: they need nothing that follows,
  // not even an access line (the first read, from disk, has one; docs/decisions.md, 57). What is not held
  // goes on, and the front-end router holds it.
  const held = new HeldFiles();
  app.use(serveHeldCopies(held));
  // The one access line of each request (the services log what they are proxied at debug level only),
  // but for the held copies answered above.
  app.use(logRequest as RequestHandler);
  app.use(traceStep as RequestHandler);
  // Past the limit, a request is refused before it costs anything more, with its access line
  // (overload/shed-load.ts).
  app.use(shedLoad as RequestHandler);

  app.use(createHealthRouter({ config, agents, isStopping: deps.isStopping ?? (() => false) }));
  app.use(refuseCrossSite as RequestHandler);
  // Signed media addresses are answered here from the folder, before the proxy (docs/decisions.md, 52).
  const media = createSignedMedia(config);
  if (media) {
    app.use(((req, res, next) => {
      if (media.handles(req)) return media.handle(req, res, next);
      next();
    }) as RequestHandler);
  }
  // Compression is applied where it pays, not here: to the services' answers once their type and size
  // are known (compress-responses.ts), to built files without a precompressed copy (front-end/).
  // No body parser anywhere before this: request bodies stream straight to the services.
  app.use(api.handle as RequestHandler);
  app.use(createFrontEndRouter({ config, agents, logger, held }));

  app.use((_req, res) => {
    res.status(404).json({ message: 'Not found' });
  });

  const answerError: ErrorRequestHandler = (error, req, res, _next) => answerUnhandled(req, res, error);
  app.use(answerError);

  // The lean paths: for a request a service owns, and for a signed media address, what `app` would run
  // for it, in the same order (the held copies and health checks in between answer no such path, and
  // signed media none a service owns), without Express (docs/decisions.md, 58 and 63).
  const leanSteps = [enterContext, setSecurityHeaders, logRequest, traceStep, shedLoad, refuseCrossSite];
  const apiSteps: NodeMiddleware[] = [...leanSteps, api.handle];
  const mediaSteps: NodeMiddleware[] | null = media ? [...leanSteps, media.handle] : null;
  const listener: RequestListener = (req, res) => {
    const steps = media?.handles(req) ? mediaSteps : api.owner(req) !== null ? apiSteps : null;
    if (!steps) {
      app(req, res);
      return;
    }
    // Read by the access line (Express sets it on its way in).
    (req as { originalUrl?: string }).originalUrl = req.url;
    runSteps(steps, req, res, (error) => answerUnhandled(req, res, error));
  };

  return { app, listener };
}

/** An error that escaped a request, on either path: logged, and a 500 unless the answer had begun. */
function answerUnhandled(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  req.log.error({ err: error }, 'unhandled error');
  if (res.headersSent) {
    res.destroy();
    return;
  }
  answerJson(res, 500, { message: 'Internal server error' });
}

/**
 * Runs middleware in order as Express would: each calls `next()` to go on or `next(error)` to fail; a
 * thrown error or a rejected promise fails too. A step that neither answers nor calls `next` ends the run.
 */
function runSteps(
  steps: readonly NodeMiddleware[],
  req: IncomingMessage,
  res: ServerResponse,
  fail: (error: unknown) => void,
): void {
  let index = 0;
  const next = (error?: unknown): void => {
    if (error !== undefined && error !== null) {
      fail(error);
      return;
    }
    const step = steps[index];
    index += 1;
    if (!step) {
      answerJson(res, 404, { message: 'Not found' });
      return;
    }
    try {
      const result = step(req, res, next);
      if (result instanceof Promise) result.catch(fail);
    } catch (error) {
      fail(error);
    }
  };
  next();
}

const HEALTH_PATHS = new Set(['/livez', '/healthz', '/readyz']);

/** A request's route for metrics and traces: the service the route table names, or `api`, or `site`. */
function routeLabel(req: IncomingMessage): string {
  const path = ((req as { originalUrl?: string }).originalUrl ?? req.url ?? '').split('?')[0]!;
  return resolveService(path, req.headers) ?? (isApiPath(path) ? 'api' : 'site');
}

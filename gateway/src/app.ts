/**
 * The gateway's request handler, without listening, so tests and the embedded runner can drive it: one
 * pipeline of steps on plain node:http objects (docs/decisions.md, 72), the same for every request and both
 * run modes. Each step answers or calls `next()`; the front end's files and pages are the one step that
 * runs its own Express router.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import express from 'express';
import { systemClock, type Clock } from '@platform/service-kit/clock';
import { enterRequestContext, logRequests } from '@platform/service-kit/http';
import { REQUEST_ID_HEADER } from '@platform/service-kit/identity';
import { createLogger, type Logger } from '@platform/service-kit/logger';
import { httpRequestDuration, traceRequest } from '@platform/service-kit/runtime';
import type { GatewayConfig } from './config.js';
import { getServiceUrl } from './config.js';
import { createAccountExport } from './account-data/account-export.js';
import { createFrontEndRouter } from './front-end/front-end.router.js';
import { HeldFiles } from './front-end/held-files.js';
import { serveHeldCopies } from './front-end/precompressed.js';
import { createHealthCheck } from './health/readiness.js';
import { createMediaFileSender } from './media/media-files.js';
import { createPublicPreviews } from './media/public-previews.js';
import { createSignedMedia } from './media/signed-media.js';
import { createLoadShedder } from './overload/shed-load.js';
import { CLIENT_BODY_IDLE_MS, cutStalledBodies } from './overload/stalled-bodies.js';
import { answerJson, toOriginForm, type NodeMiddleware } from './plain-http.js';
import { chooseRequestId } from './request-id.js';
import { isApiPath, resolveService } from './routes.js';
import { createClientAddressOf } from './security/client-address.js';
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
  /** How old the gateway's copy of the course's open lessons' files is (tests move it). */
  clock: Clock;
  /** True once the process is stopping: `/readyz` answers 503 from then on. */
  isStopping: () => boolean;
  /** Time without a byte of a body still owed before its request is cut (tests shorten it). */
  clientBodyIdleMs: number;
}

export interface Gateway {
  /** What a server listens with: every request runs the gateway's steps in order. */
  listener: RequestListener;
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

  const held = new HeldFiles();
  const sendFile = createMediaFileSender();
  const media = createSignedMedia(config, sendFile);
  const previews = config.MEDIA_OBJECTS_DIR
    ? createPublicPreviews({
        objectsDir: config.MEDIA_OBJECTS_DIR,
        courseUrl: getServiceUrl(config, 'course'),
        internalTokenSecret: config.INTERNAL_TOKEN_SECRET,
        timeoutMs: config.UPSTREAM_TIMEOUT_MS,
        agent: agents.agentFor(getServiceUrl(config, 'course')),
        clock: deps.clock ?? systemClock,
        logger,
        sendFile,
      })
    : null;
  const accountExport = createAccountExport({ config, agents, callers });
  const api = createApiProxy({ config, agents, callers, logger, inProcess: deps.inProcess });
  // The built front ends and their pages: an Express router of their own (files by `send`, pages by
  // `res.sendFile`), reached by what no step before answered.
  const frontEnd = express();
  frontEnd.disable('x-powered-by');
  frontEnd.use(createFrontEndRouter({ config, agents, logger, held }));

  const steps: NodeMiddleware[] = [
    // First: an error escaping a request is then logged under the gateway and answered below.
    enterRequestContext('gateway', logger) as NodeMiddleware,
    // Before anything answers, so every page, file and JSON answer (the services' too) carries them.
    securityHeaders(config),
    // Copies of content-hashed built files already sent once, from memory: they need nothing that follows,
    // not even an access line (the first read, from disk, has one; docs/decisions.md, 57).
    serveHeldCopies(held),
    // The one access line of each request (the services log what they are proxied at debug level only),
    // but for the held copies answered above.
    logRequests({
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
    }) as NodeMiddleware,
    // Each request starts (or continues) a trace; the proxy passes it on (runtime/tracing.ts in the kit).
    (req, res, next) => {
      if (HEALTH_PATHS.has(req.url ?? '')) return next();
      traceRequest('gateway', req, res, () => routeLabel(req), next);
    },
    // Past the limit, a request is refused before it costs anything more, with its access line
    // (overload/shed-load.ts).
    createLoadShedder({
      maxInFlight: config.MAX_IN_FLIGHT,
      maxInFlightPerClient: config.MAX_IN_FLIGHT_PER_CLIENT,
      clientAddressOf: createClientAddressOf(config.TRUSTED_PROXIES),
      retryAfterSeconds: config.RETRY_AFTER_SECONDS,
    }).step,
    // A body that stops arriving would keep its place above for as long as its client liked.
    cutStalledBodies(deps.clientBodyIdleMs ?? CLIENT_BODY_IDLE_MS),
    createHealthCheck({ config, agents, isStopping: deps.isStopping ?? (() => false) }),
    refuseCrossSiteWrites(),
    // Signed media addresses and the free previews are sent here from the course's folder, before the
    // proxy (docs/decisions.md, 52 and 71).
    ...(media ? [only(media.handles, media.handle)] : []),
    ...(previews ? [only(previews.handles, previews.handle)] : []),
    // Compression is applied where it pays, not here: to the services' answers once their type and size
    // are known (compress-responses.ts), to built files without a precompressed copy (front-end/).
    // No body parser anywhere: request bodies stream straight to the services.
    // A person's data as one zip, gathered from every service's part (account-data/).
    only(accountExport.handles, accountExport.handle),
    api.handle,
    // An Express app called with a third argument calls it for what its router leaves (its types omit it).
    frontEnd as unknown as NodeMiddleware,
  ];

  const listener: RequestListener = (req, res) => {
    toOriginForm(req);
    // Read by the access line and the media handlers (the request line as the browser sent it).
    (req as { originalUrl?: string }).originalUrl = req.url;
    runSteps(steps, req, res, (error) => answerUnhandled(req, res, error));
  };
  return { listener };
}

/** A step that runs `handle` for the requests `handles` names and passes the others on. */
function only(handles: (req: IncomingMessage) => boolean, handle: NodeMiddleware): NodeMiddleware {
  return (req, res, next) => (handles(req) ? handle(req, res, next) : next());
}

/** An error that escaped a request: logged, and a 500 unless the answer had begun. */
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

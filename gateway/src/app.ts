/** The gateway's Express app, without listening, so tests and the embedded runner can drive it. */
import express, { type ErrorRequestHandler, type Express } from 'express';
import {
  createLogger,
  enterRequestContext,
  logRequests,
  REQUEST_ID_HEADER,
  type Logger,
} from '@platform/service-kit';
import type { GatewayConfig } from './config.js';
import { getServiceUrl } from './config.js';
import { createFrontEndRouter } from './front-end/front-end.router.js';
import { HeldFiles } from './front-end/held-files.js';
import { serveHeldCopies } from './front-end/precompressed.js';
import { createHealthRouter } from './health/readiness.router.js';
import { createSignedMediaRouter } from './media/signed-media.js';
import { chooseRequestId } from './request-id.js';
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
}

export function createGatewayApp(config: GatewayConfig, deps: Partial<GatewayDeps> = {}): Express {
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

  const app = express();
  app.disable('x-powered-by');
  // First: an error escaping a request is then logged under the gateway and answered by the process guard.
  app.use(enterRequestContext('gateway', logger));

  // Before anything answers, so every page, file and JSON answer (the services' too) carries them.
  app.use(securityHeaders(config));
  // Copies of content-hashed built files already sent once, from memory: they need nothing that follows,
  // not even an access line (the first read, from disk, has one; docs/decisions.md, 57). What is not held
  // goes on, and the front-end router holds it.
  const held = new HeldFiles();
  app.use(serveHeldCopies(held));
  // The one access line of each request (the services log what they are proxied at debug level only),
  // but for the held copies answered above.
  app.use(
    logRequests({
      logger,
      level: 'info',
      requestId: (req) => chooseRequestId(req.headers[REQUEST_ID_HEADER]),
      ignore: (req) => req.url === '/healthz' || req.url === '/readyz',
    }),
  );

  app.use(createHealthRouter({ config, agents }));
  app.use(refuseCrossSiteWrites());
  // Signed media addresses are answered here from the folder, before the proxy (docs/decisions.md, 52).
  const signedMedia = createSignedMediaRouter(config);
  if (signedMedia) app.use(signedMedia);
  // Compression is applied where it pays, not here: to the services' answers once their type and size
  // are known (compress-responses.ts), to built files without a precompressed copy (front-end/).
  // No body parser anywhere before this: request bodies stream straight to the services.
  app.use(createApiProxy({ config, agents, callers, logger, inProcess: deps.inProcess }));
  app.use(createFrontEndRouter({ config, agents, logger, held }));

  app.use((_req, res) => {
    res.status(404).json({ message: 'Not found' });
  });

  const answerError: ErrorRequestHandler = (error, req, res, _next) => {
    req.log.error({ err: error }, 'unhandled error');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.status(500).json({ message: 'Internal server error' });
  };
  app.use(answerError);

  return app;
}

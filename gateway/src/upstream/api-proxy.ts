/**
 * `/api/*` (and `/video-stream/*`) to the owning service: strip whatever identity the browser claims,
 * resolve the session through auth, and forward a short-lived internal token naming the caller.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { SERVICE_NAMES, type ServiceName } from '@platform/contracts/services';
import {
  IDENTITY_HEADERS,
  INTERNAL_TOKEN_HEADER,
  REQUEST_ID_HEADER,
  signInternalToken,
} from '@platform/service-kit/identity';
import type { Logger } from '@platform/service-kit/logger';
import { traceHeaders } from '@platform/service-kit/runtime';
import type { Caller } from '@platform/contracts';
import { getServiceUrl, type GatewayConfig } from '../config.js';
import { answerJson, requestPath } from '../plain-http.js';
import { isApiPath, resolveService } from '../routes.js';
import { createClientAddressOf, setForwardedClientAddress } from '../security/client-address.js';
import type { CallerResolver } from '../session/resolve-caller.js';
import { compressResponses } from '../compress-responses.js';
import { createUpstreamProxy } from './create-upstream-proxy.js';
import type { UpstreamAgents } from './upstream-agents.js';
import { answerBusy } from '../overload/shed-load.js';
import { describeFailure, UpstreamError } from './upstream.errors.js';

// Hop-by-hop or already answered by the gateway: the keep-alive agent sets its own `connection`, and a
// `100 Continue` has already gone to the browser.
const NOT_FORWARDED = ['connection', 'keep-alive', 'proxy-connection', 'expect', ...IDENTITY_HEADERS];

/** A service's request handler (its Express app), by name, for services in the gateway's process. */
export type InProcessServices = Partial<Record<ServiceName, RequestHandler>>;

export interface ApiProxyOptions {
  config: GatewayConfig;
  agents: UpstreamAgents;
  callers: CallerResolver;
  logger: Logger;
  /** Services in this process: handed the request directly (no second HTTP hop), the rest proxied. */
  inProcess?: InProcessServices;
}

/**
 * The API path on plain node:http objects, one of the gateway's steps (app.ts): `handle` prepares a
 * request a service owns and forwards it; it answers `404` for an `/api/*` path nobody owns, and passes
 * anything else on.
 */
export interface ApiProxy {
  handle(req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): Promise<void>;
}

export function createApiProxy({ config, agents, callers, logger, inProcess }: ApiProxyOptions): ApiProxy {
  const clientAddressOf = createClientAddressOf(config.TRUSTED_PROXIES);
  const proxies = new Map<ServiceName, RequestHandler>(
    SERVICE_NAMES.map((service) => {
      const local = inProcess?.[service];
      if (local) return [service, handInProcess(local, service, config.UPSTREAM_TIMEOUT_MS, logger)];
      const target = getServiceUrl(config, service);
      return [
        service,
        createUpstreamProxy({
          name: service,
          target,
          agent: agents.agentFor(target),
          timeoutMs: config.UPSTREAM_TIMEOUT_MS,
          logger,
        }),
      ];
    }),
  );

  const tokenFor = createTokenSigner(config.INTERNAL_TOKEN_SECRET);
  const owner = (req: IncomingMessage) => resolveService(requestPath(req), req.headers);

  async function proxyApi(
    req: IncomingMessage,
    res: ServerResponse,
    next: (error?: unknown) => void,
  ): Promise<void> {
    const service = owner(req);
    if (!service) {
      if (isApiPath(requestPath(req))) {
        answerJson(res, 404, { message: 'Not found' });
        return;
      }
      next();
      return;
    }
    // Before the headers go: with trusted proxies in front, the address comes from X-Forwarded-For.
    setForwardedClientAddress(req, clientAddressOf(req));
    removeHeaders(req.headers, NOT_FORWARDED);
    req.headers[REQUEST_ID_HEADER] = String(req.id);
    // The service continues the gateway's trace: `traceparent` of this request's span.
    Object.assign(req.headers, traceHeaders());
    try {
      const caller = await callers.resolveCaller(req.headers.cookie, String(req.id));
      req.headers[INTERNAL_TOKEN_HEADER] = tokenFor(caller);
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      // Nothing was passed on, so the browser may safely ask again: a deliberate 503 with Retry-After,
      // as the load shedder answers, rather than a 502 or 504 (docs/decisions.md, 70).
      req.log.warn({ err: error, failure: error.failure }, 'could not resolve the session');
      answerBusy(res, config.RETRY_AFTER_SECONDS);
      return;
    }
    // The browser gave up while the session was looked up.
    if (req.destroyed || res.destroyed) return;
    const cookie = req.headers.cookie;
    if (cookie) {
      // A service that sets cookies may have changed the session (sign-in rotates it, sign-out ends it):
      // the next request must not reuse what was cached for the old cookie.
      res.once('finish', () => {
        if (res.getHeader('set-cookie') !== undefined) callers.forget(cookie);
      });
    }
    // Express's own types for the proxy and the services' apps; they read nothing Express adds.
    await proxies.get(service)?.(req as Request, res as Response, next);
  }

  return { handle: proxyApi };
}

/**
 * Hands a request to a service in this process, as a proxy would after the same preparation (identity
 * headers stripped, the internal token and the client's address set): the service's own stack checks the
 * token and answers on the browser's connection. Its answers are compressed by the same rules as proxied
 * ones (compress-responses.ts). Measured with `npm run bench` (the gateway's JSON ratio): a proxy on the
 * embedded site's one thread costs a second HTTP exchange per request; this costs a function call.
 *
 * A service that has not begun its answer `timeoutMs` after the browser's body has arrived gets the
 * proxy's `504 {"message":"<Service> service timed out"}` in its place (watchInProcess).
 */
function handInProcess(
  service: RequestHandler,
  name: ServiceName,
  timeoutMs: number,
  logger: Logger,
): RequestHandler {
  const compress = compressResponses();
  return (req, res, next) => {
    // The gateway's stack and the service's now listen on one response (each had its own before): a
    // streamed file gathers 12 'close' listeners (11 measured, and watchInProcess's), a fixed number per
    // answer, not a leak that grows.
    res.setMaxListeners(20);
    watchInProcess(req, res, { name, timeoutMs, log: req.log ?? logger });
    void compress(req, res, (error?: unknown) => {
      if (error) next(error);
      else void service(req, res, next);
    });
  };
}

/**
 * The in-process counterpart of the proxy's inactivity limit (create-upstream-proxy.ts): while the browser
 * is still sending its body the clock starts again (looked at every `timeoutMs`; listening for the body's
 * pieces would start it flowing before the service reads it); once it has all arrived, a service that has
 * still not begun its answer at the next look is answered for with a 504 (a request without a body:
 * `timeoutMs` after it was handed over). What the service writes later lands on a finished answer, which
 * Node drops. Once the answer has begun, the service's own stack sees it through, as a proxied answer that
 * has begun is streamed through.
 */
function watchInProcess(
  req: IncomingMessage,
  res: ServerResponse,
  { name, timeoutMs, log }: { name: ServiceName; timeoutMs: number; log: Logger },
): void {
  const timer = setTimeout(function checkAnswer() {
    if (res.headersSent || res.destroyed) return;
    if (!req.complete) {
      timer.refresh();
      return;
    }
    log.warn({ upstream: name, failure: 'timeout' }, 'in-process service did not answer in time');
    answerJson(res, 504, { message: describeFailure(name, 'timeout') }, { 'cache-control': 'no-store' });
  }, timeoutMs);
  timer.unref();
  res.once('close', () => clearTimeout(timer));
}

/**
 * `signInternalToken(caller, secret)`, signed once per caller and second: a token's times are whole
 * seconds, so within one second the same caller's token is the same string, whoever signs it.
 */
function createTokenSigner(secret: string): (caller: Caller) => string {
  const signed = new WeakMap<Caller, { second: number; token: string }>();
  return (caller) => {
    const now = Date.now();
    const second = Math.floor(now / 1000);
    const last = signed.get(caller);
    if (last?.second === second) return last.token;
    const token = signInternalToken(caller, secret, { now: new Date(now) });
    signed.set(caller, { second, token });
    return token;
  };
}

function removeHeaders(headers: IncomingHttpHeaders, names: readonly string[]): void {
  for (const name of names) delete headers[name];
}

/**
 * Request ids and access lines for the gateway and the services. Each request gets its id (`req.id`,
 * echoed as `x-request-id`) and its own logger bound to it (`req.log`), and one access line when its
 * answer is finished or its connection closes first: method, URL, status and milliseconds. The line is
 * built only when its level is enabled and never carries headers; in the URL, the values of query
 * parameters that carry secrets (set-password and upload tokens, provider codes) are replaced by
 * `[redacted]`.
 *
 * The gateway writes its lines at `info`: one per request that reaches the site. A service writes its
 * lines at `debug`, since the gateway has already logged the same request, except for answers of 500 and
 * above, which are `error` everywhere.
 */
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import type { LevelWithSilent } from 'pino';
import { REQUEST_ID_HEADER } from '../identity.js';
import type { Logger } from '../logger.js';

declare module 'http' {
  interface IncomingMessage {
    /** This request's id: the one the gateway chose, also in `x-request-id` and on every log line. */
    id: string;
    /** The service's logger bound to this request's id. */
    log: Logger;
  }
}

export interface RequestLogOptions {
  logger: Logger;
  /** Level of the access line of an answer below 500. */
  level: Extract<LevelWithSilent, 'info' | 'debug'>;
  /** The id of a request (the incoming `x-request-id` when it is sane, or a new one). */
  requestId: (req: IncomingMessage) => string;
  /** Requests that get no access line (health checks), though they still get an id and a logger. */
  ignore?: (req: IncomingMessage) => boolean;
  /** Called once per logged request with its status and duration (the metrics: runtime/metrics.ts). */
  observe?: (req: IncomingMessage, status: number, seconds: number) => void;
}

export function logRequests(options: RequestLogOptions): RequestHandler {
  const { logger, level, requestId, ignore, observe } = options;
  return (req, res, next) => {
    const id = requestId(req);
    req.id = id;
    // Made when first used: most requests log nothing but their access line.
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      enumerable: false,
      get: () => (child ??= logger.child({ reqId: id })),
      set: (value: Logger) => {
        child = value;
      },
    });
    res.setHeader(REQUEST_ID_HEADER, id);
    if (ignore?.(req)) {
      next();
      return;
    }
    const startedAt = performance.now();
    // Read now: routers rewrite `req.url` while the request passes through them.
    const { method, originalUrl: url } = req;
    const done = () => {
      res.off('finish', done);
      res.off('close', done);
      const status = res.statusCode;
      observe?.(req, status, (performance.now() - startedAt) / 1000);
      const lineLevel = status >= 500 ? 'error' : level;
      if (!logger.isLevelEnabled(lineLevel)) return;
      const completed = res.writableFinished;
      logger[lineLevel](
        {
          reqId: id,
          req: { method, url: redactQuery(url) },
          res: { statusCode: status },
          responseTime: Math.round(performance.now() - startedAt),
        },
        status >= 500 ? 'request errored' : completed ? 'request completed' : 'request aborted',
      );
    };
    res.on('finish', done);
    res.on('close', done);
    next();
  };
}

/** Query parameters whose values are secrets: `token`, `uploadToken`, `code`, `signature`, `password`… */
const SECRET_PARAM = /token|code|secret|password|signature|session|key/i;

/** The URL with the values of secret-bearing query parameters replaced by `[redacted]`. */
export function redactQuery(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        // a malformed name is judged as sent
      }
      return SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, mark)}?${query}`;
}

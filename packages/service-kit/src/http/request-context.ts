/**
 * Which service and request the code running now works for, so an error that escapes a request (an
 * `error` event nobody listens to, thrown from a stream callback) can still be logged under its service
 * and answered with a 500 by the process guard (runtime/process-guard.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from '../logger.js';

export interface RequestContext {
  service: string;
  req: IncomingMessage;
  res: ServerResponse;
  /** The request's own logger (with its id) once `logRequests` has made it, else the service's. */
  readonly logger: Logger;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The request the running code belongs to, if any. */
export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

/**
 * The first middleware of a service app. `enterWith`, not `run`: a request's body arrives in callbacks
 * of its connection's HTTP parser, an async resource made before the request, so `run` would cover only
 * what the handler starts itself (timers, promises) and miss an error thrown from a `data` or `end`
 * listener. Entering the context where the request is dispatched puts it on that parser resource too.
 * A keep-alive connection's next request enters its own context in turn.
 */
export function enterRequestContext(service: string, serviceLogger: Logger): RequestHandler {
  return (req, res, next) => {
    storage.enterWith({
      service,
      req,
      res,
      get logger() {
        return (req as { log?: Logger }).log ?? serviceLogger;
      },
    });
    next();
  };
}

/**
 * Load shedding: past a number of requests in flight, the gateway answers a new one at once with 503 and
 * `Retry-After` instead of queueing it behind the others until something times out (docs/decisions.md, 70).
 * A refused request costs nothing downstream and tells the browser when to try again; the health checks
 * are never refused, so an orchestrator does not take a busy process for a dead one.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerJson, pathOf, type NodeMiddleware } from '../plain-http.js';

export const BUSY_MESSAGE = 'The site is busy. Please try again in a moment.';

export interface LoadShedderOptions {
  /** Requests in flight beyond which a new one is refused; 0 turns shedding off. */
  maxInFlight: number;
  /** What `Retry-After` says, in seconds. */
  retryAfterSeconds: number;
}

export interface LoadShedder {
  step: NodeMiddleware;
  /** Requests being answered now. */
  inFlight(): number;
}

const NEVER_SHED = new Set(['/healthz', '/readyz', '/livez']);

/** The 503 every overload answer is, the shedder's and the session lookup's alike. */
export function answerBusy(res: ServerResponse, retryAfterSeconds: number): void {
  answerJson(
    res,
    503,
    { message: BUSY_MESSAGE },
    { 'retry-after': String(retryAfterSeconds), 'cache-control': 'no-store' },
  );
}

export function createLoadShedder(options: LoadShedderOptions): LoadShedder {
  let inFlight = 0;
  const step: NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next) => {
    if (options.maxInFlight <= 0) return next();
    const path = pathOf(req.url);
    if (path && NEVER_SHED.has(path)) return next();
    if (inFlight >= options.maxInFlight) {
      req.log.warn({ inFlight }, 'shed a request: too many in flight');
      return answerBusy(res, options.retryAfterSeconds);
    }
    inFlight += 1;
    // 'close' comes once per response, answered or abandoned.
    res.once('close', () => {
      inFlight -= 1;
    });
    next();
  };
  return { step, inFlight: () => inFlight };
}

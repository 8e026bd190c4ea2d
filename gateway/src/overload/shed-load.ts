/**
 * Load shedding: past a number of requests in flight, in all or from one client, the gateway answers a new
 * one at once with 503 and `Retry-After` instead of queueing it behind the others until something times
 * out (docs/decisions.md, 70). The per-client limit keeps one client (slow uploads, parallel sign-ins) from
 * taking every place.
 * A refused request costs nothing downstream and tells the browser when to try again; the health checks
 * are never refused, so an orchestrator does not take a busy process for a dead one.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { clientAddressKey } from '@platform/service-kit/rate-limits';
import { answerJson, pathOf, type NodeMiddleware } from '../plain-http.js';

export const BUSY_MESSAGE = 'The site is busy. Please try again in a moment.';

export interface LoadShedderOptions {
  /** Requests in flight beyond which a new one is refused; 0 turns shedding off. */
  maxInFlight: number;
  /** The same for one client (an IPv6 client counts by its /64); 0: no limit per client. */
  maxInFlightPerClient: number;
  /** The client's address, as the gateway determines it (trusted proxies). */
  clientAddressOf: (req: IncomingMessage) => string;
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
  const perClient = new Map<string, number>();
  const step: NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next) => {
    if (options.maxInFlight <= 0 && options.maxInFlightPerClient <= 0) return next();
    const path = pathOf(req.url);
    if (path && NEVER_SHED.has(path)) return next();
    const client = clientAddressKey(options.clientAddressOf(req));
    const ofClient = perClient.get(client) ?? 0;
    if (options.maxInFlight > 0 && inFlight >= options.maxInFlight) {
      req.log.warn({ inFlight }, 'shed a request: too many in flight');
      return answerBusy(res, options.retryAfterSeconds);
    }
    if (options.maxInFlightPerClient > 0 && ofClient >= options.maxInFlightPerClient) {
      req.log.warn({ inFlight: ofClient }, 'shed a request: too many in flight from one client');
      return answerBusy(res, options.retryAfterSeconds);
    }
    inFlight += 1;
    perClient.set(client, ofClient + 1);
    // 'close' comes once per response, answered or abandoned.
    res.once('close', () => {
      inFlight -= 1;
      const left = (perClient.get(client) ?? 1) - 1;
      if (left > 0) perClient.set(client, left);
      else perClient.delete(client);
    });
    next();
  };
  return { step, inFlight: () => inFlight };
}

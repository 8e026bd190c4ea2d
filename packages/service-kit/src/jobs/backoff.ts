/** The one retry policy of the kit: the outbox relay, work queues and periodic jobs wait this long between tries. */

/** Delay before the next try after `attempts` failed ones (1, 2, …). */
export type Backoff = (attempts: number) => number;

export interface ExponentialBackoffOptions {
  /** Delay after the first failure. */
  firstMs: number;
  /** No delay is longer than this. */
  maxMs: number;
}

/** `firstMs` after the first failure, twice as long after each further one, at most `maxMs`. */
export function exponentialBackoff({ firstMs, maxMs }: ExponentialBackoffOptions): Backoff {
  return (attempts) => Math.min(maxMs, firstMs * 2 ** Math.max(0, attempts - 1));
}

/** A backoff's answer as a whole, non-negative number of milliseconds (a custom one may return anything). */
export function delayAfter(backoff: Backoff, attempts: number): number {
  const delay = Math.round(backoff(attempts));
  return Number.isFinite(delay) && delay > 0 ? delay : 0;
}

/** The usual answer to a request over its limit: 429 with `Retry-After` and a message. */
import { AppError } from '../errors.js';
import type { RateLimiter } from './rate-limit-store.js';

export const RATE_LIMITED_MESSAGE = 'Too many requests. Please try again later.';

/** Counts one request for `key`; past the limit throws a 429 `AppError` with `Retry-After` (seconds). */
export async function takeOrRefuse(
  limiter: RateLimiter,
  key: string,
  message: string = RATE_LIMITED_MESSAGE,
): Promise<void> {
  const taken = await limiter.take(key);
  if (!taken.allowed) {
    throw new AppError('rate_limited', message, undefined, {
      'Retry-After': String(taken.retryAfterSeconds),
    });
  }
}

/**
 * Request limits per client address (and lookup e-mails per address asked about), counted in the
 * service's own database so every replica shares them (rate-limiter-flexible's Drizzle store), with an
 * in-memory fallback if the database cannot count. Expired counters are removed by a periodic job of the
 * kit (`rateLimitCleanupJob`, one replica at a time), which stops with the service; the store's built-in
 * timer would not.
 */
import { createHash } from 'node:crypto';
import { lt } from 'drizzle-orm';
import { AppError, definePeriodicJob, type ServiceDeps } from '@platform/service-kit';
import {
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { ConsultationConfig } from '../config.js';
import { rateLimits } from '../db/schema.js';

export const RATE_LIMITED_MESSAGE = 'Too many requests. Please try again later.';
const HOUR_SECONDS = 60 * 60;
const CLEANUP_INTERVAL_MS = 5 * 60_000;

export interface RateLimits {
  submissions: RateLimiterAbstract;
  contact: RateLimiterAbstract;
  lookups: RateLimiterAbstract;
  lookupEmails: RateLimiterAbstract;
}

export function createRateLimits(deps: ServiceDeps<ConsultationConfig>): RateLimits {
  const limiter = (name: string, points: number): RateLimiterAbstract => {
    const keyPrefix = `consultation:${name}`;
    return new RateLimiterDrizzle({
      storeClient: deps.db,
      schema: rateLimits,
      keyPrefix,
      points,
      duration: HOUR_SECONDS,
      clearExpiredByTimeout: false,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration: HOUR_SECONDS }),
    });
  };
  const { config } = deps;
  return {
    submissions: limiter('submission', config.CONSULTATION_SUBMISSIONS_PER_HOUR),
    contact: limiter('contact', config.CONTACT_MESSAGES_PER_HOUR),
    lookups: limiter('lookup', config.CONSULTATION_LOOKUPS_PER_HOUR),
    lookupEmails: limiter('lookup-email', config.CONSULTATION_LOOKUP_EMAILS_PER_HOUR),
  };
}

/** Deletes the counters that expired over an hour ago; answers how many. */
export async function clearExpiredRateLimits(deps: ServiceDeps<ConsultationConfig>): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - HOUR_SECONDS * 1000);
  const removed = await deps.db
    .delete(rateLimits)
    .where(lt(rateLimits.expire, cutoff))
    .returning({ key: rateLimits.key });
  return removed.length;
}

export const RATE_LIMIT_CLEANUP_JOB = 'clear-expired-rate-limits';

/** Clears expired counters every 5 minutes of service time. */
export function rateLimitCleanupJob(deps: ServiceDeps<ConsultationConfig>) {
  return definePeriodicJob({
    name: RATE_LIMIT_CLEANUP_JOB,
    everyMs: CLEANUP_INTERVAL_MS,
    run: () => clearExpiredRateLimits(deps),
  });
}

/** Counts one request; 429 with Retry-After once the key is over its limit. */
export async function consumeOrRefuse(limiter: RateLimiterAbstract, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw new AppError('rate_limited', RATE_LIMITED_MESSAGE, undefined, { 'Retry-After': String(seconds) });
    }
    throw error;
  }
}

/** Counts one use; false when over the limit (the caller answers as usual but does less). */
export async function consumeQuietly(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (error) {
    if (error instanceof RateLimiterRes) return false;
    throw error;
  }
}

/** Addresses are counted by a hash, so no e-mail address sits in the limits table. */
export function emailKey(email: string): string {
  return createHash('sha256').update(email.toLowerCase()).digest('base64url');
}

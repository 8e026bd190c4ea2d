/**
 * Request limits, one mechanism for every service: rate-limiter-flexible counters in the service's own
 * database (its `rate_limits` table, on PGlite in the embedded mode and PostgreSQL in the distributed
 * one), or in Redis when `REDIS_URL` is set. Replicas on one database or one Redis share every count.
 * Each store falls back to the next while it cannot count: Redis → the database → this process's memory,
 * so a failing store never turns a request into an error or lets it through uncounted.
 *
 * Counters run on the real clock (rate-limiter-flexible's, and Redis's own expiry), not the service clock:
 * a limit is about real time passing, and Redis could not follow a test's clock anyway.
 */
import type { Redis } from 'ioredis';
import {
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Database } from '../db/database.js';
import type { Logger } from '../logger.js';
import type { RateLimitsTable } from './tables.js';

export interface RateLimitOptions {
  /** Unique within the service, kebab-case (`login-fail-pair`, `contact`): it prefixes the keys. */
  name: string;
  /** Uses allowed in one window. */
  points: number;
  /** The window: it starts at the first use counted for a key (a fixed window, not a sliding one). */
  durationSeconds: number;
}

export type RateLimitTake =
  | {
      allowed: true;
      /** Uses counted in this window, this one included. */
      consumed: number;
      remaining: number;
    }
  | {
      allowed: false;
      /** Until the window or the block ends; at least 1. */
      retryAfterSeconds: number;
    };

export interface RateLimiter {
  readonly name: string;
  readonly points: number;
  /** Counts one use of `key`; refused (and still counted) once the key is over its limit or blocked. */
  take(key: string): Promise<RateLimitTake>;
  /** Uncounts one use (a use that turned out not to count, e.g. a check that could not be made). */
  giveBack(key: string): Promise<void>;
  /** Forgets the key's uses and any block (e.g. a successful sign-in clears its failures). */
  forget(key: string): Promise<void>;
  /** Refuses the key for `seconds` from now, whatever it counted. */
  block(key: string, seconds: number): Promise<void>;
}

export interface RateLimitStore {
  /** Where the counters live: `redis` when REDIS_URL is set (with the database standing in). */
  readonly kind: 'database' | 'redis';
  /** Builds one limit; each name once per store. */
  limiter(options: RateLimitOptions): RateLimiter;
  /** Closes the Redis connection, if any (the database belongs to the service). */
  close(): Promise<void>;
}

export interface OpenRateLimitStoreOptions {
  db: Database;
  /** The service's `rate_limits` table (createRateLimitsTable). */
  table: RateLimitsTable;
  /** Counts in Redis when set; the database stands in while Redis does not answer. */
  redisUrl?: string | undefined;
  /** Prefix of every Redis key, so services sharing one Redis never share counters. */
  redisKeyPrefix: string;
  logger: Logger;
}

/** Seconds to wait, rounded up, at least 1. */
function secondsOf(ms: number): number {
  return Math.ceil(Math.max(ms, 1000) / 1000);
}

function wrap(name: string, limiter: RateLimiterAbstract): RateLimiter {
  return {
    name,
    points: limiter.points,
    async take(key) {
      try {
        const res = await limiter.consume(key);
        return { allowed: true, consumed: res.consumedPoints, remaining: res.remainingPoints };
      } catch (error) {
        // consume() rejects with the limiter's answer when the key is over its limit.
        if (error instanceof RateLimiterRes) {
          return { allowed: false, retryAfterSeconds: secondsOf(error.msBeforeNext) };
        }
        throw error;
      }
    },
    async giveBack(key) {
      await limiter.reward(key, 1);
    },
    async forget(key) {
      await limiter.delete(key);
    },
    async block(key, seconds) {
      await limiter.block(key, seconds);
    },
  };
}

/** Connects to Redis without waiting for it: while it does not answer, commands fail at once. */
async function connectRedis(url: string, logger: Logger): Promise<Redis> {
  // Loaded only where Redis is set: every service and every test file imports this module.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    // Fail fast while disconnected: the limits count in the database meanwhile instead of waiting.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
    // How long close() waits for the socket to close (ioredis waits 2 s, even for a dead one).
    disconnectTimeout: 500,
  });
  let reported = false;
  redis.on('error', (error: Error) => {
    if (!reported)
      logger.warn({ err: error }, 'Redis unavailable; request limits count in the database meanwhile');
    reported = true;
  });
  redis.on('ready', () => {
    if (reported) logger.info('Redis is back; request limits count in Redis again');
    reported = false;
  });
  await redis.connect().catch(() => undefined);
  return redis;
}

export async function openRateLimitStore(options: OpenRateLimitStoreOptions): Promise<RateLimitStore> {
  const redis = options.redisUrl ? await connectRedis(options.redisUrl, options.logger) : undefined;
  const names = new Set<string>();

  function inDatabase({ name, points, durationSeconds: duration }: RateLimitOptions): RateLimiterAbstract {
    return new RateLimiterDrizzle({
      storeClient: options.db,
      schema: options.table,
      keyPrefix: name,
      points,
      duration,
      // The kit's cleanup job removes expired rows (one replica at a time, stopped with the service).
      clearExpiredByTimeout: false,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points, duration }),
    });
  }

  return {
    kind: redis ? 'redis' : 'database',
    limiter(limit) {
      if (names.has(limit.name)) throw new Error(`two request limits are named "${limit.name}"`);
      names.add(limit.name);
      if (!redis) return wrap(limit.name, inDatabase(limit));
      return wrap(
        limit.name,
        new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `${options.redisKeyPrefix}:${limit.name}`,
          points: limit.points,
          duration: limit.durationSeconds,
          rejectIfRedisNotReady: true,
          insuranceLimiter: inDatabase(limit),
        }),
      );
    },
    close: async () => {
      redis?.disconnect();
    },
  };
}

/** The store of a service that declared no `rate_limits` table: asking it for a limit is a wiring mistake. */
export function rateLimitsNotDeclared(service: string): RateLimitStore {
  return {
    kind: 'database',
    limiter(limit) {
      throw new Error(
        `${service} asked for the request limit "${limit.name}" without a rate_limits table: add ` +
          '`rateLimits: true` to its createServiceSchema (db/schema.ts) and ' +
          "`rateLimits` to its definition's tables",
      );
    },
    close: async () => undefined,
  };
}

/**
 * The one cleanup of expired counters, a periodic job of the kit that `startService` adds to every service
 * declaring a `rate_limits` table: one replica at a time, every 5 minutes of service time, stopped with the
 * service (rate-limiter-flexible's own timer would not be).
 */
import { lt } from 'drizzle-orm';
import { HOUR, MINUTE } from '../clock.js';
import type { Database } from '../db/database.js';
import { definePeriodicJob, type PeriodicJobDefinition } from '../jobs/define-job.js';
import type { RateLimitsTable } from './tables.js';

export const RATE_LIMIT_CLEANUP_JOB = 'clear-expired-rate-limits';
export const RATE_LIMIT_CLEANUP_EVERY_MS = 5 * MINUTE;

/**
 * Deletes the counters whose window ended over an hour before `now` (real time, the counters' own clock);
 * answers how many.
 */
export async function clearExpiredRateLimits(
  db: Database,
  table: RateLimitsTable,
  now: Date = new Date(),
): Promise<number> {
  const removed = await db
    .delete(table)
    .where(lt(table.expire, new Date(now.getTime() - HOUR)))
    .returning({ key: table.key });
  return removed.length;
}

export function rateLimitCleanupJob(options: {
  db: Database;
  table: RateLimitsTable;
}): PeriodicJobDefinition {
  return definePeriodicJob({
    name: RATE_LIMIT_CLEANUP_JOB,
    everyMs: RATE_LIMIT_CLEANUP_EVERY_MS,
    run: () => clearExpiredRateLimits(options.db, options.table),
  });
}

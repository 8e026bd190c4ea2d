/**
 * The request limits' counters (rate-limiter-flexible's Drizzle store). A service that declares request
 * limits adds this table to its own schema (in its `db/schema.ts`, next to the outbox and the jobs table)
 * so drizzle-kit generates it into that service's migrations.
 */
import { index, integer, text, type PgSchema } from 'drizzle-orm/pg-core';
import { timestamptz } from '../db/columns.js';

export function createRateLimitsTable(schema: PgSchema) {
  return schema.table(
    'rate_limits',
    {
      /** `<limit name>:<key>`, e.g. `login-fail-address:203.0.113.7`. */
      key: text('key').primaryKey(),
      /** Uses counted in the current window (more than the limit while blocked). */
      points: integer('points').notNull(),
      /** When the window (or the block) ends; the cleanup job removes rows an hour after. */
      expire: timestamptz('expire'),
    },
    (table) => [index('rate_limits_expire_idx').on(table.expire)],
  );
}

export type RateLimitsTable = ReturnType<typeof createRateLimitsTable>;

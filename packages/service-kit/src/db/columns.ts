/**
 * Column groups that mean the same in every service's tables, for its `db/schema.ts` (drizzle's column
 * helpers: each call returns new columns, spread into a table).
 */
import { integer, text, timestamp } from 'drizzle-orm/pg-core';

/** A `timestamp with time zone` column read as a JavaScript Date: how every service stores a moment. */
export function timestamptz(name: string) {
  return timestamp(name, { withTimezone: true, mode: 'date' });
}

/**
 * The columns by which a kit work queue claims and retries an item (`WorkTable`, jobs/define-job.ts): the
 * attempts made, when it is due (service time), the claim of the worker holding it (database time) and
 * the last failure.
 */
export function workItemColumns() {
  return {
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull(),
    lockedUntil: timestamptz('locked_until'),
    lastError: text('last_error'),
  };
}

/** When the row was made and last changed, both set by the database when it is inserted. */
export function rowTimestampColumns() {
  return {
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  };
}

/**
 * Column groups that mean the same in every service's tables, for its `db/schema.ts` (drizzle's column
 * helpers: each call returns new columns, spread into a table).
 */
import { integer, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The columns by which a kit work queue claims and retries an item (`WorkTable`, jobs/define-job.ts): the
 * attempts made, when it is due (service time), the claim of the worker holding it (database time) and
 * the last failure.
 */
export function workItemColumns() {
  return {
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
  };
}

/** When the row was made and last changed, both set by the database when it is inserted. */
export function rowTimestampColumns() {
  return {
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  };
}

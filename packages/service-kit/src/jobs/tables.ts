/**
 * The periodic jobs' table. A service that declares periodic jobs adds it to its own schema (in its
 * `db/schema.ts`, next to the outbox) so drizzle-kit generates it into that service's migrations.
 */
import { integer, text, type PgSchema } from 'drizzle-orm/pg-core';
import { timestamptz } from '../db/columns.js';

export function createJobsTable(schema: PgSchema) {
  return schema.table('jobs', {
    /** The job's name as declared in the service definition. */
    name: text('name').primaryKey(),
    /** Service time from which the next run may start. */
    nextRunAt: timestamptz('next_run_at').notNull(),
    /**
     * The claim of the run in progress; another replica may take the job once `locked_until` passed
     * (database time: see periodic-job.ts).
     */
    lockedBy: text('locked_by'),
    lockedUntil: timestamptz('locked_until'),
    /** Failed runs in a row (the retry backoff grows with it); 0 after a run that succeeded. */
    failures: integer('failures').notNull().default(0),
    lastStartedAt: timestamptz('last_started_at'),
    lastFinishedAt: timestamptz('last_finished_at'),
    lastError: text('last_error'),
  });
}

export type JobsTable = ReturnType<typeof createJobsTable>;

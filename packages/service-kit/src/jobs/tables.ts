/**
 * The periodic jobs' table. A service that declares periodic jobs adds it to its own schema (in its
 * `db/schema.ts`, next to the outbox) so drizzle-kit generates it into that service's migrations.
 */
import { integer, text, timestamp, type PgSchema } from 'drizzle-orm/pg-core';

export function createJobsTable(schema: PgSchema) {
  const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
  return schema.table('jobs', {
    /** The job's name as declared in the service definition. */
    name: text('name').primaryKey(),
    /** Service time from which the next run may start. */
    nextRunAt: at('next_run_at').notNull(),
    /**
     * The claim of the run in progress; another replica may take the job once `locked_until` passed
     * (database time: see periodic-job.ts).
     */
    lockedBy: text('locked_by'),
    lockedUntil: at('locked_until'),
    /** Failed runs in a row (the retry backoff grows with it); 0 after a run that succeeded. */
    failures: integer('failures').notNull().default(0),
    lastStartedAt: at('last_started_at'),
    lastFinishedAt: at('last_finished_at'),
    lastError: text('last_error'),
  });
}

export type JobsTable = ReturnType<typeof createJobsTable>;

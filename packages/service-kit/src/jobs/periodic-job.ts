/**
 * The periodic jobs' rows: one per job, claimed by a single conditional UPDATE. Under PostgreSQL's row
 * lock two replicas updating the same row are serialised, and the second re-checks the condition on the
 * row the first wrote (its claim), so it claims nothing: at most one run at a time, at most one per
 * period.
 *
 * Two clocks, on purpose: when a job is due is business time (the service clock, which tests move);
 * how long a claim lasts is liveness, measured by the database's `now()`, so moving a test clock never
 * hands a running job to another runner, and replicas' own clocks never matter for leases.
 */
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/database.js';
import { updateRows } from '../db/rows.js';
import type { JobsTable } from './tables.js';

export type JobRow = JobsTable['$inferSelect'];

/** Adds the job's row, first due at `firstRunAt`; a shorter period brings an existing row's next run closer. */
export async function registerPeriodicJob(
  db: Executor,
  table: JobsTable,
  job: { name: string; firstRunAt: Date },
): Promise<void> {
  await db
    .insert(table)
    .values({ name: job.name, nextRunAt: job.firstRunAt })
    .onConflictDoUpdate({
      target: table.name,
      set: { nextRunAt: sql`least(${table.nextRunAt}, excluded.next_run_at)` },
    });
}

/** `now()` + the lease, in the database's time. */
function leaseEnd(leaseMs: number) {
  return sql`now() + ${Math.round(leaseMs)}::integer * interval '1 millisecond'`;
}

/** Claims the job if it is due (or `force`) and no live claim holds it; null when another has it. */
export async function claimPeriodicJob(
  db: Executor,
  table: JobsTable,
  claim: { name: string; claimId: string; now: Date; leaseMs: number; force: boolean },
): Promise<JobRow | null> {
  const free = or(isNull(table.lockedUntil), sql`${table.lockedUntil} < now()`);
  const due = claim.force ? undefined : lte(table.nextRunAt, claim.now);
  const [row] = await db
    .update(table)
    .set({ lockedBy: claim.claimId, lockedUntil: leaseEnd(claim.leaseMs), lastStartedAt: claim.now })
    .where(and(eq(table.name, claim.name), free, due))
    .returning();
  return row ?? null;
}

/** Renews a claim while its run goes on; false when it ran out and another runner took the job. */
export async function extendClaim(
  db: Executor,
  table: JobsTable,
  claim: { name: string; claimId: string; leaseMs: number },
): Promise<boolean> {
  return updateClaimedJob(db, table, claim, { lockedUntil: leaseEnd(claim.leaseMs) });
}

/** Releases the claim and records the outcome; false when the claim had been taken over meanwhile. */
export async function finishRun(
  db: Executor,
  table: JobsTable,
  run: {
    name: string;
    claimId: string;
    finishedAt: Date;
    nextRunAt: Date;
    failures: number;
    error: string | null;
  },
): Promise<boolean> {
  return updateClaimedJob(db, table, run, {
    nextRunAt: run.nextRunAt,
    lockedBy: null,
    lockedUntil: null,
    failures: run.failures,
    lastFinishedAt: run.finishedAt,
    lastError: run.error,
  });
}

/** Writes `set` to the job's row if `claim` still holds it; false when another runner took it over. */
async function updateClaimedJob(
  db: Executor,
  table: JobsTable,
  claim: { name: string; claimId: string },
  set: PgUpdateSetSource<JobsTable>,
): Promise<boolean> {
  return updateRows(db, table, set, and(eq(table.name, claim.name), eq(table.lockedBy, claim.claimId)));
}

/** The job's next due time, and whether a live claim holds it now. */
export async function jobSchedule(
  db: Executor,
  table: JobsTable,
  name: string,
): Promise<{ nextRunAt: Date; heldForMs: number } | null> {
  const [row] = await db
    .select({
      nextRunAt: table.nextRunAt,
      heldForMs: sql<number>`greatest(0, coalesce(extract(epoch from (${table.lockedUntil} - now())) * 1000, 0))::float8`,
    })
    .from(table)
    .where(eq(table.name, name));
  return row ? { nextRunAt: row.nextRunAt, heldForMs: Number(row.heldForMs) } : null;
}

/**
 * Work items in a service's own table (see `WorkTable`): claimed with `FOR UPDATE SKIP LOCKED`, so
 * replicas never wait on each other nor take the same item; a claim is one more attempt plus a lease
 * (`locked_until`), so a worker that dies leaves the item to any other once the lease ran out. Outcomes
 * are recorded only while the claim is still the worker's (same status, same attempt number), so a late
 * worker cannot overwrite a newer attempt.
 *
 * As for periodic jobs, due times are service time and leases database time (`now()`): moving a test
 * clock makes retries due but never hands an item being handled to another worker.
 */
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { updateRows } from '../db/rows.js';
import type { WorkQueueDefinition } from './define-job.js';

export interface WorkItem {
  id: unknown;
  attempts: number;
  [column: string]: unknown;
}

export async function claimWorkItems(
  db: Executor,
  queue: WorkQueueDefinition,
  claim: { now: Date; leaseMs: number; limit: number },
): Promise<WorkItem[]> {
  const t = queue.table;
  const ready = eq(t.status, queue.statuses.ready);
  const unclaimed = or(isNull(t.lockedUntil), sql`${t.lockedUntil} < now()`);
  const due = db
    .select({ id: t.id })
    .from(t)
    .where(and(ready, lte(t.nextAttemptAt, claim.now), unclaimed))
    .orderBy(asc(t.nextAttemptAt), ...(queue.orderBy ?? []).map((column) => asc(column)))
    .limit(claim.limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(t)
    .set({
      lockedUntil: sql`now() + ${Math.round(claim.leaseMs)}::integer * interval '1 millisecond'`,
      attempts: sql`${t.attempts} + 1`,
    } as never)
    // Re-checked on the locked row: an item another worker claimed meanwhile is not claimed twice.
    .where(and(inArray(t.id, due), ready, unclaimed))
    .returning();
  return rows as WorkItem[];
}

/** Writes `set` to the item's row while the claim is still this worker's; false when it was taken again. */
async function updateClaimedItem(
  db: Executor,
  queue: WorkQueueDefinition,
  item: WorkItem,
  set: Record<string, unknown>,
): Promise<boolean> {
  const t = queue.table;
  const stillClaimed = and(
    eq(t.id, item.id),
    eq(t.status, queue.statuses.ready),
    eq(t.attempts, item.attempts),
  );
  return updateRows(db, t, set as never, stillClaimed);
}

/**
 * Records what the handler answered (its own `lastError` too, e.g. why it failed an item without throwing;
 * cleared otherwise); false when the claim had run out and been taken again.
 */
export async function completeWorkItem(
  db: Executor,
  queue: WorkQueueDefinition,
  item: WorkItem,
  set: Record<string, unknown>,
): Promise<boolean> {
  return updateClaimedItem(db, queue, item, { lastError: null, ...set, lockedUntil: null });
}

/** A failed attempt: due again at `retryAt`, or `failed` for good when it is null. */
export async function failWorkItem(
  db: Executor,
  queue: WorkQueueDefinition,
  item: WorkItem,
  outcome: { error: string; retryAt: Date | null },
): Promise<boolean> {
  return updateClaimedItem(
    db,
    queue,
    item,
    outcome.retryAt
      ? { lastError: outcome.error, nextAttemptAt: outcome.retryAt, lockedUntil: null }
      : { lastError: outcome.error, status: queue.statuses.failed, lockedUntil: null },
  );
}

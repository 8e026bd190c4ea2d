/**
 * Two writers at the same moment, as two replicas would be, made to meet the same way every run:
 * PostgreSQL only (PGlite runs one transaction at a time, so nothing there can interleave).
 */
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/database.js';
import { waitFor } from './system.js';

/** Backends of this database waiting for a lock another transaction holds. */
async function lockWaiters(db: Database): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
  )) as unknown as { rows: Array<{ waiting: number }> };
  return result.rows[0]!.waiting;
}

/**
 * Runs `first` to its end in a transaction kept open, then `second` in another, and lets `first` commit
 * once `second` has finished or waits for a lock `first` holds. Whichever way the code orders them,
 * `second` either missed `first`'s uncommitted work or saw it committed.
 */
export async function interleave(
  db: Database,
  first: (tx: Executor) => Promise<unknown>,
  second: (tx: Executor) => Promise<unknown>,
): Promise<void> {
  let commit!: () => void;
  const held = new Promise<void>((resolve) => (commit = resolve));
  let ran!: () => void;
  const firstRan = new Promise<void>((resolve) => (ran = resolve));
  const firstDone = db.transaction(async (tx) => {
    await first(tx);
    ran();
    await held;
  });
  await Promise.race([firstRan, firstDone]);
  let secondSettled = false;
  const secondDone = db.transaction((tx) => second(tx)).finally(() => (secondSettled = true));
  await waitFor(
    async () => secondSettled || (await lockWaiters(db)) > 0,
    Boolean,
    'the second writer to finish or to wait for the first',
  );
  commit();
  await Promise.all([firstDone, secondDone]);
}

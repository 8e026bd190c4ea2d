/**
 * Two writers at the same moment, as two replicas would be, made to meet the same way every run:
 * PostgreSQL only (PGlite runs one transaction at a time, so nothing there can interleave).
 */
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/database.js';
import { waitFor } from './system.js';

/** Backends waiting for a lock that the backend `pid` holds (other tests on the server do not count). */
async function blockedBy(db: Database, pid: number): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as waiting from pg_stat_activity where ${pid} = any(pg_blocking_pids(pid))`,
  )) as unknown as { rows: Array<{ waiting: number }> };
  return result.rows[0]!.waiting;
}

/** The backend running this transaction. */
async function backendOf(tx: Executor): Promise<number> {
  const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
    rows: Array<{ pid: number }>;
  };
  return result.rows[0]!.pid;
}

/**
 * Runs `first` to its end in a transaction kept open, then `second` in another, and lets `first` commit
 * once `second` has finished or waits for a lock `first` holds (`pg_blocking_pids`). Whichever way the code orders them,
 * `second` either missed `first`'s uncommitted work or saw it committed.
 */
export async function interleave(
  db: Database,
  first: (tx: Executor) => Promise<unknown>,
  second: (tx: Executor) => Promise<unknown>,
): Promise<void> {
  let commit!: () => void;
  const held = new Promise<void>((resolve) => (commit = resolve));
  let ran!: (pid: number) => void;
  const firstRan = new Promise<number>((resolve) => (ran = resolve));
  const firstDone = db.transaction(async (tx) => {
    const pid = await backendOf(tx);
    await first(tx);
    ran(pid);
    await held;
  });
  const pid = await Promise.race([firstRan, firstDone.then(() => null)]);
  let secondSettled = false;
  const secondDone = db.transaction((tx) => second(tx)).finally(() => (secondSettled = true));
  try {
    await waitFor(
      async () => secondSettled || (pid !== null && (await blockedBy(db, pid)) > 0),
      Boolean,
      'the second writer to finish or to wait for the first',
    );
  } catch (failure) {
    // The first writer is let go even so (left open, it would hold its locks until the suite's end), and
    // the failure says what the database's other backends were waiting on.
    const backends = await backendsOf(db);
    commit();
    await Promise.allSettled([firstDone, secondDone]);
    throw new Error(`${(failure as Error).message}; the database's other backends: ${backends}`, {
      cause: failure,
    });
  }
  commit();
  await Promise.all([firstDone, secondDone]);
}

/** What this database's other backends are doing, for a wait that timed out. */
async function backendsOf(db: Database): Promise<string> {
  const result = (await db.execute(
    sql`select pid, state, wait_event_type, wait_event, pg_blocking_pids(pid) as blocked_by, left(query, 100) as query
        from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  )) as unknown as { rows: unknown[] };
  return JSON.stringify(result.rows);
}

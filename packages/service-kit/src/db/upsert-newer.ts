/**
 * The write of an event projection that keeps the newest state per key: the sender numbers its changes
 * (`sequence`), and a change redelivered or arriving late, after a newer one, changes nothing.
 */
import { lt, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './database.js';

type SequencedTable = PgTable & { sequence: PgColumn };

/**
 * Inserts the row of `key` (its value of the unique `target`), or replaces the one held with `values` when
 * their `sequence` is higher than its own; false when the row held is as new or newer (nothing changed).
 */
export async function upsertNewer<TTable extends SequencedTable>(
  db: Executor,
  table: TTable,
  target: PgColumn,
  key: Partial<TTable['$inferInsert']>,
  values: Partial<TTable['$inferInsert']> & { sequence: number },
): Promise<boolean> {
  const rows = await db
    .insert(table as PgTable)
    .values({ ...key, ...values })
    .onConflictDoUpdate({
      target,
      set: values,
      setWhere: lt(table.sequence, sql`excluded.sequence`),
    })
    .returning({ key: target });
  return rows.length > 0;
}

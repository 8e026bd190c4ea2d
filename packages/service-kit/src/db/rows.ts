/**
 * The few row queries every repository writes again and again, typed by the table they read: one row by
 * a condition (or null, locked if asked), whether there is one, the rows whose column is one of some
 * values, and a row inserted (unless it is there already).
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { IndexColumn, PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './database.js';

/** The order rows are read in: the `order by` terms. */
type OrderTerm = SQL | PgColumn;

/** How `findRow` reads: which row it takes of several, and whether it locks it. */
export interface FindRowOptions {
  /** The first in this order (`order by` terms). */
  orderBy?: OrderTerm[];
  /** Holds the row (`for update`) until the transaction ends. */
  lock?: boolean;
}

/** The row `where` picks in `table` (of several, the first in `orderBy` order), or null. */
export async function findRow<TTable extends PgTable>(
  db: Executor,
  table: TTable,
  where: SQL | undefined,
  { orderBy = [], lock = false }: FindRowOptions = {},
): Promise<TTable['$inferSelect'] | null> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...orderBy)
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return (row as TTable['$inferSelect'] | undefined) ?? null;
}

/** Whether `where` picks any row of `table`. */
export async function rowExists(db: Executor, table: PgTable, where: SQL | undefined): Promise<boolean> {
  const rows = await db
    .select({ found: sql`1` })
    .from(table)
    .where(where)
    .limit(1);
  return rows.length > 0;
}

/** The rows of `table` whose `column` is one of `values`, in `orderBy` order; none, unasked, for no values. */
export async function rowsWhereIn<TTable extends PgTable>(
  db: Executor,
  table: TTable,
  column: PgColumn,
  values: readonly unknown[],
  orderBy: OrderTerm[] = [],
): Promise<TTable['$inferSelect'][]> {
  if (values.length === 0) return [];
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(inArray(column, values))
    .orderBy(...orderBy);
  return rows as TTable['$inferSelect'][];
}

/** Inserts the row: the row as stored, with the values the database gave it. */
export async function insertRow<TTable extends PgTable>(
  db: Executor,
  table: TTable,
  row: TTable['$inferInsert'],
): Promise<TTable['$inferSelect']> {
  const [inserted] = await db
    .insert(table as PgTable)
    .values(row)
    .returning();
  return inserted as TTable['$inferSelect'];
}

/**
 * Inserts the row unless it conflicts with one already there, on `target` (on any unique constraint when
 * absent): the row as inserted, or null when it was there already.
 */
export async function insertOnce<TTable extends PgTable>(
  db: Executor,
  table: TTable,
  row: TTable['$inferInsert'],
  target?: IndexColumn | IndexColumn[],
): Promise<TTable['$inferSelect'] | null> {
  const [inserted] = await db
    .insert(table as PgTable)
    .values(row)
    .onConflictDoNothing({ target })
    .returning();
  return (inserted as TTable['$inferSelect'] | undefined) ?? null;
}

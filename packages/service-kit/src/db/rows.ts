/**
 * The few row queries every repository writes again and again, typed by the table they read: one row by
 * a condition (or null, locked if asked), whether there is one, the rows whose column is one of some
 * values, a row inserted (unless it is there already), and a change that applies only while its condition
 * still holds.
 */
import { getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { IndexColumn, PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
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

/**
 * Moves on the counter `column` of the one row whose `key` column is `id` (made with 1 when there is none
 * yet) and answers the new value. The upsert holds the row's lock until the caller's transaction ends, so
 * counters taken in parallel follow one another, and one rolled back gives its value back.
 */
export async function bumpCounter<TTable extends PgTable>(
  db: Executor,
  table: TTable,
  row: { key: keyof TTable['$inferSelect'] & string; id: unknown },
  column: keyof TTable['$inferSelect'] & string,
): Promise<number> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const counter = columns[column]!;
  const [bumped] = await db
    .insert(table as PgTable)
    .values({ [row.key]: row.id, [column]: 1 })
    .onConflictDoUpdate({ target: columns[row.key]!, set: { [column]: sql`${counter} + 1` } })
    .returning({ value: counter });
  if (!bumped) throw new Error(`the counter ${column} returned no value`);
  return bumped.value as number;
}

/**
 * Sets `set` on the rows of `table` that `where` picks: whether it picked any. The condition is the row's
 * expected state (still open, still this claim's), so false means another change came first.
 */
export async function updateRows<TTable extends PgTable>(
  db: Executor,
  table: TTable,
  set: PgUpdateSetSource<TTable>,
  where: SQL | undefined,
): Promise<boolean> {
  // `and(…)` of nothing is undefined: a change without a condition would touch every row.
  if (!where) throw new Error('updateRows needs a condition');
  const rows = await db
    .update(table as PgTable)
    .set(set as PgUpdateSetSource<PgTable>)
    .where(where)
    .returning({ found: sql`1` });
  return rows.length > 0;
}

/**
 * The fields of a row (or view) that another view carries as they are, under the same names, in the order
 * named: a mapper names them once instead of writing `id: row.id` line by line, and spells out the rest.
 */
export function pickFields<TRow extends object, TKey extends keyof TRow>(
  row: TRow,
  keys: readonly TKey[],
): Pick<TRow, TKey> {
  const picked = {} as Pick<TRow, TKey>;
  for (const key of keys) picked[key] = row[key];
  return picked;
}

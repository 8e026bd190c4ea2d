/**
 * A service's schema as plain rows, read and written with SQL that PGlite and PostgreSQL answer alike
 * (docs/decisions.md, 92): every table as `row_to_json` lines inside one read-only repeatable-read
 * transaction (a consistent snapshot while the service runs), written back with `json_populate_recordset`
 * in foreign-key order, its sequences moved past the restored ids. The migrations table is not copied: a
 * restore migrates the empty schema with the code's own migrations and refuses an archive of another set.
 */
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/database.js';
import { MIGRATIONS_TABLE } from '../db/pglite-migrate.js';

const OUTBOX_TABLE = 'outbox_events';

/** Rows read per query and written per statement. */
export const ROWS_PER_BATCH = 500;

export interface TableLayout {
  name: string;
  /** Stored (not generated) columns, in table order. */
  columns: string[];
}

export interface SchemaLayout {
  schema: string;
  /** How many of the service's migrations its database has applied. */
  migrations: number;
  /** Parents before children: the order rows are written back in. */
  tables: TableLayout[];
  /** When the snapshot began (the database's clock), in a dump. */
  snapshotAt?: string;
}

async function rowsOf<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The service's tables (without the migrations table), parents first, and its migration count. */
export async function readLayout(db: Executor, schema: string): Promise<SchemaLayout> {
  const columns = await rowsOf<{ table: string; column: string }>(
    db,
    sql`SELECT c.relname AS "table", a.attname AS "column"
          FROM pg_attribute a
          JOIN pg_class c ON c.oid = a.attrelid
          JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = ${schema} AND c.relkind IN ('r', 'p') AND a.attnum > 0
           AND NOT a.attisdropped AND a.attgenerated = '' AND c.relname <> ${MIGRATIONS_TABLE}
         ORDER BY c.relname, a.attnum`,
  );
  const links = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`SELECT c.relname AS child, p.relname AS parent
          FROM pg_constraint k
          JOIN pg_class c ON c.oid = k.conrelid
          JOIN pg_class p ON p.oid = k.confrelid
          JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE k.contype = 'f' AND n.nspname = ${schema} AND c.relname <> p.relname`,
  );
  const [migrations] = await rowsOf<{ count: number | string }>(
    db,
    sql`SELECT count(*) AS count FROM ${sql.identifier(schema)}.${sql.identifier(MIGRATIONS_TABLE)}`,
  );
  const byTable = new Map<string, string[]>();
  for (const { table, column } of columns) byTable.set(table, [...(byTable.get(table) ?? []), column]);
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of links) parents.set(child, (parents.get(child) ?? new Set()).add(parent));
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const parent of [...(parents.get(table) ?? [])].sort()) if (byTable.has(parent)) visit(parent, path);
    path.delete(table);
    ordered.push(table);
  };
  for (const table of [...byTable.keys()].sort()) visit(table, new Set());
  return {
    schema,
    migrations: Number(migrations?.count ?? 0),
    tables: ordered.map((name) => ({ name, columns: byTable.get(name)! })),
  };
}

/**
 * Reads the schema in one snapshot: `onBatch` receives each table's rows (JSON text, one per row) a batch
 * at a time, in the layout's order, while the transaction holds the snapshot.
 */
export async function dumpSchema(
  db: Database,
  schema: string,
  onLayout: (layout: SchemaLayout) => Promise<void>,
  onBatch: (table: string, batch: number, rows: string[]) => Promise<void>,
): Promise<Record<string, number>> {
  return db.transaction(
    async (tx) => {
      const [began] = await rowsOf<{ at: string }>(tx, sql`SELECT now()::text AS at`);
      const layout = { ...(await readLayout(tx, schema)), snapshotAt: began?.at };
      await onLayout(layout);
      const counts: Record<string, number> = {};
      for (const table of layout.tables) {
        let read = 0;
        // Pages by the rows' physical address: no sort of the whole table, each page one index-free scan.
        let after = '(0,0)';
        for (let batch = 1; ; batch += 1) {
          const page = await rowsOf<{ tid: string; row: string }>(
            tx,
            sql`SELECT t.ctid::text AS tid, row_to_json(t)::text AS row
                  FROM ${sql.identifier(schema)}.${sql.identifier(table.name)} t
                 WHERE t.ctid > ${after}::tid ORDER BY t.ctid LIMIT ${ROWS_PER_BATCH}`,
          );
          if (page.length === 0) break;
          read += page.length;
          await onBatch(
            table.name,
            batch,
            page.map((line) => line.row),
          );
          after = page[page.length - 1]!.tid;
          if (page.length < ROWS_PER_BATCH) break;
        }
        counts[table.name] = read;
      }
      return counts;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Throws unless every table of the schema is empty (a restore never merges into live data). */
export async function assertSchemaEmpty(db: Executor, layout: SchemaLayout): Promise<void> {
  for (const table of layout.tables) {
    const rows = await rowsOf<{ one: number }>(
      db,
      sql`SELECT 1 AS one FROM ${sql.identifier(layout.schema)}.${sql.identifier(table.name)} LIMIT 1`,
    );
    if (rows.length > 0) {
      throw new Error(`Cannot restore into ${layout.schema}.${table.name}: it already holds rows`);
    }
  }
}

/** Writes rows as `dumpSchema` read them (JSON text, one per row), only the columns the archive has. */
export async function insertRows(
  db: Executor,
  schema: string,
  table: TableLayout,
  rows: string[],
): Promise<void> {
  if (rows.length === 0) return;
  const target = sql`${sql.identifier(schema)}.${sql.identifier(table.name)}`;
  const columns = sql.join(
    table.columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  await db.execute(
    sql`INSERT INTO ${target} (${columns}) OVERRIDING SYSTEM VALUE
        SELECT ${columns} FROM json_populate_recordset(NULL::${target}, ${`[${rows.join(',')}]`}::json)`,
  );
}

/** Moves every sequence of the schema's columns (serial, identity) past the highest restored value. */
export async function advanceSequences(db: Executor, schema: string): Promise<void> {
  const owned = await rowsOf<{ table: string; column: string; sequence: string }>(
    db,
    sql`SELECT c.relname AS "table", a.attname AS "column",
               pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) AS sequence
          FROM pg_attribute a
          JOIN pg_class c ON c.oid = a.attrelid
          JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = ${schema} AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
           AND pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) IS NOT NULL`,
  );
  for (const { table, column, sequence } of owned) {
    await db.execute(
      sql`SELECT setval(${sequence}::regclass, m.top) FROM (
            SELECT max(${sql.identifier(column)}) AS top FROM ${sql.identifier(schema)}.${sql.identifier(table)}
          ) m WHERE m.top IS NOT NULL`,
    );
  }
}

/**
 * After a restore: the events a service published after the first service's snapshot began may be missing
 * from a consumer whose snapshot came earlier, so they are published again; the consumers' inboxes make a
 * repeat change nothing (docs/decisions.md, 92).
 */
export async function republishSince(db: Executor, layout: SchemaLayout, since: string): Promise<void> {
  if (!layout.tables.some((table) => table.name === OUTBOX_TABLE)) return;
  await db.execute(
    sql`UPDATE ${sql.identifier(layout.schema)}.${sql.identifier(OUTBOX_TABLE)}
           SET status = 'pending', next_attempt_at = now(), locked_until = NULL
         WHERE status = 'in_flight' OR sent_at >= ${since}::timestamptz`,
  );
}

/**
 * A test that needs the database itself to refuse or change a write (a brief outage, a row deleted by
 * someone else at that very moment) runs it while a trigger does so before each insert into a table, on
 * PGlite and PostgreSQL alike. The trigger and its function are dropped afterwards, whatever happened.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database.js';

/**
 * Runs `run` while `body` (PL/pgSQL, e.g. `raise exception '…';` or `delete …; return new;`) runs before
 * each insert into `table` (`schema.table`).
 */
export async function withInsertTrigger<T>(
  db: Executor,
  table: string,
  body: string,
  run: () => Promise<T>,
): Promise<T> {
  const [schema] = table.split('.');
  const name = `${schema}.test_before_insert_${randomBytes(4).toString('hex')}`;
  const trigger = name.split('.')[1]!;
  await db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} end $$`),
  );
  await db.execute(
    sql.raw(`create trigger ${trigger} before insert on ${table} for each row execute function ${name}()`),
  );
  try {
    return await run();
  } finally {
    await db.execute(sql.raw(`drop trigger ${trigger} on ${table}`));
    await db.execute(sql.raw(`drop function ${name}()`));
  }
}

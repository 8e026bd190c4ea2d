import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { integer, text } from 'drizzle-orm/pg-core';
import { openDatabase, type DatabaseHandle } from '../database.js';
import {
  bumpCounter,
  findRow,
  insertOnce,
  insertRow,
  pickFields,
  rowExists,
  rowsWhereIn,
  updateRows,
} from '../rows.js';
import { upsertNewer } from '../upsert-newer.js';
import { kitTest, widgets } from './fixture/schema.js';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixture', 'drizzle');

/** A projection kept by `upsertNewer`: made by the test itself, it is no part of the fixture's migrations. */
const widgetColours = kitTest.table('widget_colours', {
  name: text('name').primaryKey(),
  colour: text('colour').notNull(),
  sequence: integer('sequence').notNull(),
});

/** A counter kept by `bumpCounter`, made by the test itself likewise. */
const widgetCounters = kitTest.table('widget_counters', {
  name: text('name').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

describe('row queries (PGlite)', () => {
  let dir: string;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kit-rows-'));
    handle = await openDatabase({ schemaName: 'kit_test', dataDir: dir, migrationsFolder });
    await handle.db.insert(widgets).values([
      { id: 1, name: 'bolt', count: 3 },
      { id: 2, name: 'nut', count: 5 },
      { id: 3, name: 'nut', count: 1 },
    ]);
    await handle.db.execute(
      sql`create table kit_test.widget_colours (name text primary key, colour text not null, sequence integer not null)`,
    );
    await handle.db.execute(
      sql`create table kit_test.widget_counters (name text primary key, last_number integer not null)`,
    );
  });
  afterAll(async () => {
    await handle.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('finds the row a condition picks, the first in the order given, or null', async () => {
    const { db } = handle;
    expect(await findRow(db, widgets, eq(widgets.id, 1))).toEqual({ id: 1, name: 'bolt', count: 3 });
    expect(await findRow(db, widgets, eq(widgets.name, 'nut'), { orderBy: [asc(widgets.count)] })).toEqual({
      id: 3,
      name: 'nut',
      count: 1,
    });
    expect(await findRow(db, widgets, eq(widgets.name, 'nut'), { orderBy: [desc(widgets.count)] })).toEqual({
      id: 2,
      name: 'nut',
      count: 5,
    });
    expect(await findRow(db, widgets, eq(widgets.name, 'washer'))).toBeNull();
  });

  it('locks the row it finds until the transaction ends only when asked', async () => {
    // A `for update` read holds a row-share lock on the table; a plain read an access-share one.
    const tableLocks = async (lock: boolean) =>
      handle.db.transaction(async (tx) => {
        const row = await findRow(tx, widgets, eq(widgets.id, 2), { lock });
        const locks = await tx.execute(
          sql`select mode from pg_locks where relation = 'kit_test.widgets'::regclass order by mode`,
        );
        return { row, modes: locks.rows.map((entry) => entry.mode) };
      });
    expect(await tableLocks(true)).toEqual({
      row: { id: 2, name: 'nut', count: 5 },
      modes: ['RowShareLock'],
    });
    expect(await tableLocks(false)).toEqual({
      row: { id: 2, name: 'nut', count: 5 },
      modes: ['AccessShareLock'],
    });
  });

  it('tells whether a condition picks any row', async () => {
    expect(await rowExists(handle.db, widgets, gt(widgets.count, 4))).toBe(true);
    expect(await rowExists(handle.db, widgets, gt(widgets.count, 5))).toBe(false);
    // No condition: whether the table has any row at all (a read, unlike updateRows, may ask that).
    expect(await rowExists(handle.db, widgets, and())).toBe(true);
  });

  it('lists the rows whose column is one of the values, in order; none for no values', async () => {
    const rows = await rowsWhereIn(handle.db, widgets, widgets.id, [3, 1, 9], [asc(widgets.id)]);
    expect(rows.map((row) => row.id)).toEqual([1, 3]);
    expect(await rowsWhereIn(handle.db, widgets, widgets.id, [])).toEqual([]);
  });

  it('inserts a row: the row as stored, with its defaults', async () => {
    expect(await insertRow(handle.db, widgets, { id: 20, name: 'spring' })).toEqual({
      id: 20,
      name: 'spring',
      count: 0,
    });
  });

  it('inserts a row once: the row as inserted, then null', async () => {
    expect(await insertOnce(handle.db, widgets, { id: 10, name: 'washer' })).toEqual({
      id: 10,
      name: 'washer',
      count: 0,
    });
    expect(await insertOnce(handle.db, widgets, { id: 10, name: 'other' }, widgets.id)).toBeNull();
    expect(await findRow(handle.db, widgets, eq(widgets.id, 10))).toEqual({
      id: 10,
      name: 'washer',
      count: 0,
    });
  });

  it('keeps the newest change of a projected row: an older or repeated one changes nothing', async () => {
    const { db } = handle;
    const apply = (colour: string, sequence: number) =>
      upsertNewer(db, widgetColours, widgetColours.name, { name: 'bolt' }, { colour, sequence });
    expect(await apply('red', 2)).toBe(true);
    expect(await apply('blue', 1)).toBe(false);
    expect(await apply('green', 2)).toBe(false);
    expect(await findRow(db, widgetColours, eq(widgetColours.name, 'bolt'))).toEqual({
      name: 'bolt',
      colour: 'red',
      sequence: 2,
    });
    expect(await apply('green', 3)).toBe(true);
    expect(await findRow(db, widgetColours, eq(widgetColours.name, 'bolt'))).toMatchObject({
      colour: 'green',
    });
  });

  it('changes rows only while their condition holds, and says whether it did', async () => {
    const { db } = handle;
    await insertRow(db, widgets, { id: 30, name: 'gear', count: 1 });
    const claim = () => updateRows(db, widgets, { count: 2 }, and(eq(widgets.id, 30), eq(widgets.count, 1)));
    expect(await claim()).toBe(true);
    expect(await claim()).toBe(false);
    expect(await findRow(db, widgets, eq(widgets.id, 30))).toEqual({ id: 30, name: 'gear', count: 2 });
    await expect(updateRows(db, widgets, { count: 0 }, and())).rejects.toThrow(
      'updateRows needs a condition',
    );
    expect(await findRow(db, widgets, eq(widgets.id, 1))).toEqual({ id: 1, name: 'bolt', count: 3 });
  });

  it('moves a counter on from 1, and a rolled-back transaction gives its value back', async () => {
    const { db } = handle;
    const next = (executor: typeof db = db) =>
      bumpCounter(executor, widgetCounters, { key: 'name', id: 'invoices' }, 'lastNumber');
    expect(await next()).toBe(1);
    expect(await next()).toBe(2);
    await expect(
      db.transaction(async (tx) => {
        expect(await next(tx)).toBe(3);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await next()).toBe(3);
    expect(await bumpCounter(db, widgetCounters, { key: 'name', id: 'orders' }, 'lastNumber')).toBe(1);
  });

  it('picks the named fields of a row, in the order named', () => {
    const picked = pickFields({ id: 1, name: 'bolt', count: 3 }, ['count', 'id']);
    expect(picked).toEqual({ count: 3, id: 1 });
    expect(Object.keys(picked)).toEqual(['count', 'id']);
  });
});

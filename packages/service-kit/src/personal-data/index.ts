/**
 * A person's data on request (docs/decisions.md, 102–103): a service declares once, in its definition's
 * `personalData`, which of its tables hold a person's data, how to find their rows, and what happens to
 * them on erasure (removed, or kept with the personal columns overwritten); the kit answers the gateway's
 * export calls from that list and erases by it when the account is deleted.
 */
import { eq, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Router } from 'express';
import {
  type Caller,
  type EventType,
  PersonalDataFileQuerySchema,
  PersonalDataQuerySchema,
  type PersonalDataPart,
  type PersonalDataQuery,
} from '@platform/contracts';
import type { Executor, Transaction } from '../db/database.js';
import { AppError } from '../errors.js';
import type { Logger } from '../logger.js';
import { serveObject } from '../http/serve-object.js';
import { validate } from '../http/validate.js';
import { defineSubscription, type SubscriptionDefinition } from '../events/subscriptions.js';
import type { OutboxTable } from '../events/tables.js';
import type { ObjectStore } from '../storage/types.js';

/** Whose data: the account's id and its address when it was deleted (or now, for an export). */
export type Person = PersonalDataQuery;

export interface PersonalTable<TTable extends PgTable = PgTable> {
  /** The table; its rows are named in the export by its own name. */
  table: TTable;
  /** The person's rows: by user id, by address, or through a parent row. */
  where: (person: Person) => SQL | undefined;
  /**
   * `delete`: the rows go. A function: the rows stay (what the business must keep: orders, invoices,
   * reports, payments) with these columns overwritten. `keep`: exported, kept as they are (no personal
   * column, only amounts and dates under the user id).
   */
  erase: 'delete' | 'keep' | ((person: Person) => Record<string, unknown>);
  /** Columns left out of the export (secrets such as hashes of tokens). */
  omit?: readonly string[];
  /** A row as the export shows it, where the stored row is not what the person saw (before `omit`). */
  exported?: (row: Record<string, unknown>) => Record<string, unknown>;
  /** A row's stored file: its object key and the name it gets in the zip (deleted on erasure). */
  file?: (row: Record<string, unknown>) => { key: string; name: string } | null;
}

export interface PersonalDataPlan {
  tables: readonly PersonalTable[];
  /**
   * The event that asks this service to erase (its data carries `userId` and `email`); the kit subscribes
   * to it. The service that deletes the account itself erases in that transaction instead.
   */
  erasedOn?: EventType;
  /**
   * What the service does, in the erasure's transaction, before the plan's rows go: what the person gave
   * others ends as it would otherwise (their staff's seats), which deleting the rows alone would not do.
   * `at` is when the account was deleted (the event's `deletedAt`, else when it was sent).
   */
  beforeErase?: (tx: Transaction, erased: { person: Person; at: Date }, logger: Logger) => Promise<void>;
}

/**
 * A table whose rows are the person's by its `userId` column: removed (the default), kept as they are, or
 * kept overwritten.
 */
export function rowsOfUser(
  table: PgTable & { userId: PgColumn },
  erase: PersonalTable['erase'] = 'delete',
  omit?: readonly string[],
): PersonalTable {
  return { table, where: (p) => eq(table.userId, p.userId), erase, ...(omit && { omit }) };
}

/**
 * A row's stored file, named in the zip `<parent>/<id>-<original name>` (the request or report it belongs
 * to), from the row's `objectKey`, `id`, `originalName` and the given parent column.
 */
export function storedFileUnder(parent: string): NonNullable<PersonalTable['file']> {
  return (row) => ({
    key: String(row.objectKey),
    name: `${String(row[parent])}/${String(row.id)}-${String(row.originalName)}`,
  });
}

/** The address an anonymised row keeps: unique per person, never deliverable (`.invalid`, RFC 2606). */
export function erasedEmail(person: Person): string {
  return `erased-${person.userId}@erased.invalid`;
}

/** The text kept where a name was. */
export const ERASED_NAME = 'Erased';

/** Lower-cased comparison of an address column with the person's (nothing matches without one). */
export function sameEmail(column: PgColumn, person: Person): SQL {
  return person.email ? sql`lower(${column}) = ${person.email.toLowerCase()}` : sql`false`;
}

export async function collectPersonalData(
  db: Executor,
  service: string,
  plan: PersonalDataPlan,
  person: Person,
): Promise<PersonalDataPart> {
  const part: PersonalDataPart = { service, tables: {}, files: [] };
  for (const entry of plan.tables) {
    const rows = await selectRows(db, entry, person);
    part.tables[getTableName(entry.table)] = rows.map((row) =>
      withoutColumns(entry.exported?.(row) ?? row, entry.omit ?? []),
    );
    for (const row of rows) {
      const file = entry.file?.(row);
      if (file) part.files.push({ key: file.key, name: `${service}/${file.name}` });
    }
  }
  return part;
}

/**
 * Erases by the plan, in the caller's transaction, and removes the person's sent events from the
 * outbox (the relay has published them; only what is still to be sent stays). Returns the object keys of
 * the person's files, for `deleteObjects` once the rows are gone.
 *
 * The rows to delete are locked first, the plan's last tables (the parents: a plan lists children first)
 * before the others: a file being recorded under one of them at that moment is waited for and its key
 * collected, and one recorded later is refused by its foreign key. Without it, a file committed between
 * the collecting of keys and the delete of its parent went with the parent's rows, and its object stayed.
 */
export async function erasePersonalData(
  tx: Executor,
  plan: PersonalDataPlan,
  person: Person,
  outbox: OutboxTable,
): Promise<string[]> {
  for (const entry of [...plan.tables].reverse()) {
    const condition = entry.where(person);
    if (condition && entry.erase === 'delete') {
      await tx
        .select({ locked: sql`1` })
        .from(entry.table)
        .where(condition)
        .for('update');
    }
  }
  const keys: string[] = [];
  for (const entry of plan.tables) {
    const condition = entry.where(person);
    if (!condition) continue;
    if (entry.file) {
      for (const row of await selectRows(tx, entry, person)) {
        const file = entry.file(row);
        if (file) keys.push(file.key);
      }
    }
    if (entry.erase === 'keep') continue;
    if (entry.erase === 'delete') await tx.delete(entry.table).where(condition);
    else await tx.update(entry.table).set(entry.erase(person)).where(condition);
  }
  await tx
    .delete(outbox)
    .where(
      sql`${outbox.status} = 'sent' and (strpos(${outbox.data}::text, ${person.userId}) > 0 or strpos(lower(${outbox.data}::text), ${(person.email ?? person.userId).toLowerCase()}) > 0)`,
    );
  return keys;
}

/** Removes stored files; one already gone is not an error (an erasure run again after a failure). */
export async function deleteObjects(store: ObjectStore | undefined, keys: readonly string[]): Promise<void> {
  if (!store) return;
  for (const key of keys) {
    if (await store.stat(key)) await store.delete(key);
  }
}

/**
 * `GET /internal/personal-data` and `/internal/personal-data/file`, which only the gateway reaches (it
 * routes no `/internal` path): the person themselves or the admin.
 */
export function personalDataRoutes(
  router: Router,
  options: { service: string; db: Executor; store: ObjectStore | undefined; plan: PersonalDataPlan },
): void {
  const allowed = (caller: Caller | undefined, person: Person) =>
    caller?.kind === 'user' && (caller.role === 'admin' || caller.userId === person.userId);

  router.get('/internal/personal-data', validate({ query: PersonalDataQuerySchema }), async (req, res) => {
    const person = req.query as unknown as Person;
    if (!allowed(req.caller, person)) throw new AppError('forbidden', 'Access denied');
    res
      .set('Cache-Control', 'no-store')
      .json(await collectPersonalData(options.db, options.service, options.plan, person));
  });

  router.get(
    '/internal/personal-data/file',
    validate({ query: PersonalDataFileQuerySchema }),
    async (req, res) => {
      const { key, ...person } = req.query as unknown as Person & { key: string };
      if (!allowed(req.caller, person)) throw new AppError('forbidden', 'Access denied');
      const part = await collectPersonalData(options.db, options.service, options.plan, person);
      if (!options.store || !part.files.some((file) => file.key === key)) {
        throw new AppError('not_found', 'File not found');
      }
      await serveObject(req, res, { store: options.store, key, disposition: 'attachment' });
    },
  );
}

/** The subscription that erases by the plan when `plan.erasedOn` arrives, once per event (inbox). */
export function personalDataErasure(options: {
  plan: PersonalDataPlan;
  outbox: OutboxTable;
  store: ObjectStore | undefined;
}): SubscriptionDefinition[] {
  const { plan, outbox, store } = options;
  if (!plan.erasedOn) return [];
  return [
    defineSubscription({
      subject: plan.erasedOn,
      name: 'personal-data',
      async handler(event, { tx, logger }) {
        const { userId, email, deletedAt } = event.data as Person & { deletedAt?: string };
        const person = { userId, email };
        await plan.beforeErase?.(tx, { person, at: new Date(deletedAt ?? event.occurredAt) }, logger);
        const keys = await erasePersonalData(tx, plan, person, outbox);
        await deleteObjects(store, keys);
        logger.info({ userId, files: keys.length }, 'personal data erased');
      },
    }),
  ];
}

async function selectRows(db: Executor, entry: PersonalTable, person: Person) {
  const condition = entry.where(person);
  if (!condition) return [];
  return (await db.select().from(entry.table).where(condition)) as Record<string, unknown>[];
}

function withoutColumns(row: Record<string, unknown>, omit: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([column]) => !omit.includes(column)));
}

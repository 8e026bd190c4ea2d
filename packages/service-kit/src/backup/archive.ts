/**
 * One archive of a whole site (docs/decisions.md, 92): a gzipped tar holding every service's schema as
 * rows (database-dump.ts) and every stored object, written while the site runs and read back into empty
 * databases and stores. Layout, in the order it is written and read:
 *
 *   backup.json                            format, time, the services it holds
 *   services/<name>/layout.json            tables (parents first), columns, migrations applied
 *   services/<name>/<table>/<n>.jsonl      rows, one JSON object a line, a batch per entry
 *   stores/<i>/store.json                  the services that share the store (one folder or bucket)
 *   stores/<i>/objects/<key>               each object's bytes; its content type in the entry's pax header
 *   summary.json                           rows per table and objects per store, checked after a restore
 */
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import type { Database } from '../db/database.js';
import { LocalObjectStore } from '../storage/local-object-store.js';
import { S3ObjectStore } from '../storage/s3-object-store.js';
import type { ObjectStore } from '../storage/types.js';
import {
  advanceSequences,
  assertSchemaEmpty,
  dumpSchema,
  insertRows,
  readLayout,
  republishSince,
  type SchemaLayout,
} from './database-dump.js';

export const BACKUP_FORMAT = 1;
const CONTENT_TYPE_PAX = 'PLATFORM.content-type';

/** One service's data: its database (its own schema) and, when it stores files, its object store. */
export interface BackupSource {
  name: string;
  db: Database;
  /** The service's schema, its name. */
  schema: string;
  store?: ObjectStore;
}

export interface BackupSummary {
  format: number;
  createdAt: string;
  services: Record<string, { tables: Record<string, number> }>;
  stores: Array<{ services: string[]; objects: number; bytes: number }>;
}

/** Where a store keeps its objects: services that name the same place share one copy in the archive. */
function storePlace(store: ObjectStore): string {
  if (store instanceof LocalObjectStore) return `local:${store.rootDir}`;
  if (store instanceof S3ObjectStore) return `s3:${store.bucket}`;
  return `other:${String(store.kind)}`;
}

function storesOf(sources: BackupSource[]): Array<{ services: string[]; store: ObjectStore }> {
  const places = new Map<string, { services: string[]; store: ObjectStore }>();
  for (const source of sources) {
    if (!source.store) continue;
    const place = storePlace(source.store);
    const known = places.get(place);
    if (known) known.services.push(source.name);
    else places.set(place, { services: [source.name], store: source.store });
  }
  return [...places.values()];
}

function json(value: unknown): Buffer {
  return Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
}

/** Writes the archive of `sources` to `output` (gzipped tar); resolves with what it holds. */
export async function writeBackup(
  unordered: BackupSource[],
  output: Writable,
  now: Date = new Date(),
): Promise<BackupSummary> {
  // By name: the same data makes the same archive, whatever order the services started in.
  const sources = [...unordered].sort((a, b) => a.name.localeCompare(b.name));
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), output);
  const add = (name: string, bytes: Buffer) =>
    new Promise<void>((resolve, reject) => {
      pack.entry({ name, mtime: now }, bytes, (error) => (error ? reject(error) : resolve()));
    });
  const summary: BackupSummary = {
    format: BACKUP_FORMAT,
    createdAt: now.toISOString(),
    services: {},
    stores: [],
  };
  try {
    await add(
      'backup.json',
      json({ format: BACKUP_FORMAT, createdAt: summary.createdAt, services: sources.map((s) => s.name) }),
    );
    for (const source of sources) {
      const tables = await dumpSchema(
        source.db,
        source.schema,
        (layout) => add(`services/${source.name}/layout.json`, json(layout)),
        (table, batch, rows) =>
          add(
            `services/${source.name}/${table}/${String(batch).padStart(6, '0')}.jsonl`,
            Buffer.from(`${rows.join('\n')}\n`),
          ),
      );
      summary.services[source.name] = { tables };
    }
    for (const [index, { services, store }] of storesOf(sources).entries()) {
      await add(`stores/${index}/store.json`, json({ services }));
      const counted = { services, objects: 0, bytes: 0 };
      for await (const key of store.list()) {
        const object = await store.get(key).catch((error: unknown) => {
          // Removed since it was listed (a deleted upload): nothing to keep.
          if ((error as Error).name === 'ObjectNotFoundError') return null;
          throw error;
        });
        if (!object) continue;
        await addStream(pack, `stores/${index}/objects/${key}`, object.body, object.info.size, now, {
          [CONTENT_TYPE_PAX]: object.info.contentType,
        });
        counted.objects += 1;
        counted.bytes += object.info.size;
      }
      summary.stores.push(counted);
    }
    await add('summary.json', json(summary));
    pack.finalize();
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => undefined);
    throw error;
  }
  await written;
  return summary;
}

async function addStream(
  pack: tar.Pack,
  name: string,
  body: Readable,
  size: number,
  mtime: Date,
  pax: Record<string, string>,
): Promise<void> {
  let done!: Promise<void>;
  const sink = await new Promise<ReturnType<tar.Pack['entry']>>((resolveSink) => {
    done = new Promise<void>((resolve, reject) => {
      resolveSink(pack.entry({ name, size, mtime, pax }, (error) => (error ? reject(error) : resolve())));
    });
  });
  for await (const chunk of body) {
    if (!sink.write(chunk as Buffer)) await once(sink as unknown as NodeJS.EventEmitter, 'drain');
  }
  sink.end(() => undefined);
  await done;
}

/**
 * Reads an archive of `writeBackup` into `targets`: each service's database migrated and empty (every
 * table, or the restore refuses before writing anything of that service), each store empty. Services of
 * the archive that `targets` lacks are refused. Resolves with the archive's summary, checked against what
 * was written.
 */
export async function restoreBackup(input: Readable, targets: BackupSource[]): Promise<BackupSummary> {
  const byName = new Map(targets.map((target) => [target.name, target]));
  const extract = tar.extract();
  const read = pipeline(input, createGunzip(), extract);
  const layouts = new Map<string, SchemaLayout>();
  /** Rows read by `<service>.<table>`, objects by store index. */
  const restoredRows = new Map<string, number>();
  const restoredObjects = new Map<string, number>();
  const add = (counts: Map<string, number>, key: string, added: number) =>
    counts.set(key, (counts.get(key) ?? 0) + added);
  const checkedStores = new Set<string>();
  let storeTarget: ObjectStore | undefined;
  let summary: BackupSummary | undefined;
  let sawHeader = false;
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      const [top, owner = '', third = '', ...rest] = name.split('/');
      if (name === 'backup.json') {
        const header = JSON.parse((await readAll(entry)).toString()) as {
          format: number;
          services: string[];
        };
        if (header.format !== BACKUP_FORMAT) throw new Error(`Unknown backup format ${header.format}`);
        const missing = header.services.filter((service) => !byName.has(service));
        if (missing.length > 0) throw new Error(`This site has no service named ${missing.join(', ')}`);
        sawHeader = true;
      } else if (!sawHeader) {
        throw new Error('Not a backup of this site (backup.json must come first)');
      } else if (top === 'services' && third === 'layout.json') {
        const target = byName.get(owner)!;
        const layout = JSON.parse((await readAll(entry)).toString()) as SchemaLayout;
        const own = await readLayout(target.db, target.schema);
        if (own.migrations !== layout.migrations) {
          throw new Error(
            `${target.name}: the archive was made with ${layout.migrations} migrations, this code has ${own.migrations}; restore it with the version that made it`,
          );
        }
        for (const table of layout.tables) {
          const columns = own.tables.find((t) => t.name === table.name)?.columns;
          const unknown = table.columns.filter((column) => !columns?.includes(column));
          if (!columns || unknown.length > 0) {
            throw new Error(
              `${target.name}.${table.name}: this code has no ${columns ? unknown.join(', ') : 'such table'}`,
            );
          }
        }
        await assertSchemaEmpty(target.db, own);
        layouts.set(target.name, layout);
      } else if (top === 'services' && rest.length === 1) {
        const [service, table] = [owner, third];
        const layout = layouts.get(service);
        const tableLayout = layout?.tables.find((t) => t.name === table);
        if (!layout || !tableLayout) throw new Error(`Rows of ${service}.${table} before its layout`);
        const rows = (await readAll(entry)).toString().split('\n').filter(Boolean);
        await insertRows(byName.get(service)!.db, layout.schema, tableLayout, rows);
        add(restoredRows, `${service}.${table}`, rows.length);
      } else if (top === 'stores' && third === 'store.json') {
        const { services } = JSON.parse((await readAll(entry)).toString()) as { services: string[] };
        storeTarget = services.map((service) => byName.get(service)?.store).find(Boolean);
        if (!storeTarget) throw new Error(`No object store for ${services.join(', ')} on this site`);
        const place = storePlace(storeTarget);
        if (!checkedStores.has(place)) {
          for await (const key of storeTarget.list())
            throw new Error(`The object store is not empty (${key})`);
          checkedStores.add(place);
        }
        add(restoredObjects, owner, 0);
      } else if (top === 'stores' && third === 'objects') {
        const key = rest.join('/');
        const pax = (entry.header.pax ?? {}) as Record<string, string>;
        await storeTarget!.put(key, entry as unknown as Readable, {
          size: entry.header.size,
          contentType: pax[CONTENT_TYPE_PAX],
        });
        add(restoredObjects, owner, 1);
      } else if (name === 'summary.json') {
        summary = JSON.parse((await readAll(entry)).toString()) as BackupSummary;
      } else {
        throw new Error(`Unexpected entry in the archive: ${name}`);
      }
    }
    await read;
  } catch (error) {
    extract.destroy();
    await read.catch(() => undefined);
    throw error;
  }
  if (!summary) throw new Error('The archive ends early (no summary.json): it is incomplete');
  const snapshots = [...layouts.values()].flatMap((layout) => (layout.snapshotAt ? [layout.snapshotAt] : []));
  const firstSnapshot = snapshots.sort((a, b) => Date.parse(a) - Date.parse(b))[0];
  for (const [service, { tables }] of Object.entries(summary.services)) {
    const db = byName.get(service)!.db;
    const layout = layouts.get(service)!;
    await advanceSequences(db, layout.schema);
    if (firstSnapshot) await republishSince(db, layout, firstSnapshot);
    for (const [table, count] of Object.entries(tables)) {
      if ((restoredRows.get(`${service}.${table}`) ?? 0) !== count) {
        throw new Error(
          `${service}.${table}: the archive lists ${count} rows, ${restoredRows.get(`${service}.${table}`) ?? 0} were read`,
        );
      }
    }
  }
  summary.stores.forEach((store, index) => {
    if ((restoredObjects.get(String(index)) ?? 0) !== store.objects) {
      throw new Error(
        `Store ${index}: the archive lists ${store.objects} objects, ${restoredObjects.get(String(index)) ?? 0} were read`,
      );
    }
  });
  return summary;
}

async function readAll(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * A service's database: PGlite under DATA_DIR when no URL is set (embedded), node-postgres when one is.
 * Either way the service lives in its own Postgres schema and its drizzle-kit migrations are applied at
 * start under an advisory lock, so replicas starting together never race. In the embedded mode the
 * services of one process share one PGlite folder and instance, each under its own role
 * (shared-pglite.ts).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { MIGRATIONS_TABLE, migratePgliteSchema } from './pglite-migrate.js';
import { newPglite } from './pglite-client.js';
import { startFromTemplate } from './pglite-template.js';
import { joinSharedPglite } from './shared-pglite.js';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from '../logger.js';

/** What both drivers' `execute` results have in common. */
export interface QueryResultHKT extends PgQueryResultHKT {
  type: { rows: Record<string, unknown>[] };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Database<TSchema extends Record<string, unknown> = any> = PgDatabase<QueryResultHKT, TSchema>;
/** What `db.transaction(fn)` hands to `fn`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or a transaction: repositories accept both. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  schemaName: string;
  /** Throws when the database cannot answer (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** Service schema, e.g. `auth`. */
  schemaName: string;
  /** PostgreSQL connection string; when absent, PGlite stores the data in `dataDir`. */
  url?: string;
  /** Folder for PGlite: the service's own, or with `sharePglite` the one every service of the process opens. */
  dataDir: string;
  /**
   * PGlite only: the services of this process that open the same `dataDir` share one instance, each in
   * its own schema under its own role (shared-pglite.ts; docs/decisions.md, 55).
   */
  sharePglite?: boolean;
  /** drizzle-kit's output folder for this service. */
  migrationsFolder: string;
  poolSize?: number;
  logger?: Logger;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options as OpenDatabaseOptions & { url: string });
  return options.sharePglite ? openSharedPglite(options) : openPglite(options);
}

async function openSharedPglite(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const { client, leave } = await joinSharedPglite(options.dataDir, {
    schemaName: options.schemaName,
    migrationsFolder: options.migrationsFolder,
  });
  // drizzle uses `query` and `transaction`, which the service's client answers as PGlite does.
  const db = drizzlePglite({ client: client as unknown as PGlite });
  options.logger?.info(
    { dataDir: path.resolve(options.dataDir), schema: options.schemaName, role: client.role },
    'database ready (shared PGlite)',
  );
  return pgliteHandle(db, options.schemaName, leave);
}

function pgliteHandle(
  db: ReturnType<typeof drizzlePglite>,
  schemaName: string,
  close: () => Promise<void>,
): DatabaseHandle {
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    schemaName,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close,
  };
}

async function openPglite(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const dataDir = path.resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  // A new folder may start from a migrated copy (tests and the browser suite set PGLITE_TEMPLATE_CACHE).
  await startFromTemplate(dataDir, {
    name: options.schemaName,
    migrationsFolders: [options.migrationsFolder],
    fill: (client) => migratePgliteSchema(client, options.schemaName, options.migrationsFolder),
  });
  const client = newPglite(dataDir);
  await client.waitReady;
  const db = drizzlePglite({ client });
  try {
    // One process owns a PGlite folder, but keep the same lock discipline as the server.
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [lockName(options.schemaName)]);
    await migratePgliteSchema(client, options.schemaName, options.migrationsFolder);
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [lockName(options.schemaName)]);
  } catch (error) {
    await client.close();
    throw error;
  }
  options.logger?.info({ dataDir, schema: options.schemaName }, 'database ready (PGlite)');
  return pgliteHandle(db, options.schemaName, async () => {
    if (!client.closed) await client.close();
  });
}

async function openPostgres(options: OpenDatabaseOptions & { url: string }): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', (error) => options.logger?.error({ err: error }, 'idle database connection failed'));
  const db = drizzlePg({ client: pool });
  try {
    await withAdvisoryLock(pool, lockName(options.schemaName), () =>
      migratePg(db, {
        migrationsFolder: options.migrationsFolder,
        migrationsSchema: options.schemaName,
        migrationsTable: MIGRATIONS_TABLE,
      }),
    );
  } catch (error) {
    await pool.end();
    throw error;
  }
  options.logger?.info({ schema: options.schemaName }, 'database ready (PostgreSQL)');
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    schemaName: options.schemaName,
    ping: async () => {
      await pool.query('select 1');
    },
    close: async () => {
      await pool.end();
    },
  };
}

function lockName(schemaName: string): string {
  return `platform:migrate:${schemaName}`;
}

/** Holds a session-level advisory lock on one dedicated connection while `work` runs on the pool. */
export async function withAdvisoryLock<T>(pool: pg.Pool, name: string, work: () => Promise<T>): Promise<T> {
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      return await work();
    } finally {
      await lockClient.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  } finally {
    lockClient.release();
  }
}

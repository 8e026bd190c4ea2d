import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../database.js';
import { isUniqueViolation } from '../unique-violation.js';
import {
  createTestPostgresDatabase,
  postgresUrlFromEnv,
  type TestPostgresDatabase,
} from '../../testing/postgres.js';
import { widgets } from './fixture/schema.js';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixture', 'drizzle');
const postgresUrl = postgresUrlFromEnv();

async function countMigrations(handle: DatabaseHandle): Promise<number> {
  const result = await handle.db.execute(sql`select count(*)::int as n from kit_test.__drizzle_migrations`);
  return Number((result.rows[0] as { n: number }).n);
}

describe('PGlite database (embedded)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kit-db-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('applies migrations into the service schema and keeps data across a restart', async () => {
    const first = await openDatabase({ schemaName: 'kit_test', dataDir: dir, migrationsFolder });
    expect(first.kind).toBe('pglite');
    await first.db.insert(widgets).values({ name: 'kept', count: 3 });
    await first.close();

    const second = await openDatabase({ schemaName: 'kit_test', dataDir: dir, migrationsFolder });
    const rows = await second.db.select().from(widgets).where(eq(widgets.name, 'kept'));
    expect(rows).toEqual([{ id: 1, name: 'kept', count: 3 }]);
    expect(await countMigrations(second)).toBe(1);
    // The kit's start settings (pglite-client.ts), not initdb's 128MB.
    const buffers = await second.db.execute(sql`show shared_buffers`);
    expect(buffers.rows[0]).toEqual({ shared_buffers: '16MB' });
    await second.ping();
    await second.close();
  });

  it('tells a unique violation (through Drizzle) from other failures', async () => {
    const handle = await openDatabase({ schemaName: 'kit_test', dataDir: dir, migrationsFolder });
    await handle.db.insert(widgets).values({ id: 500, name: 'first' });
    const duplicate = await handle.db
      .insert(widgets)
      .values({ id: 500, name: 'second' })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isUniqueViolation(duplicate)).toBe(true);
    const other = await handle.db.execute(sql`select * from kit_test.missing`).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(other).toBeDefined();
    expect(isUniqueViolation(other)).toBe(false);
    await handle.close();
  });
});

const describePostgres = postgresUrl ? describe : describe.skip;

describePostgres('PostgreSQL database (distributed)', () => {
  let database: TestPostgresDatabase;
  beforeAll(async () => {
    database = await createTestPostgresDatabase(postgresUrl!, 'kitdb');
  });
  afterAll(async () => {
    await database.drop();
  });

  it('lets several replicas start at once: migrations run exactly once', async () => {
    const replicas = await Promise.all(
      Array.from({ length: 4 }, () =>
        openDatabase({
          schemaName: 'kit_test',
          url: database.url,
          dataDir: '/nonexistent',
          migrationsFolder,
          poolSize: 2,
        }),
      ),
    );
    try {
      expect(replicas.every((r) => r.kind === 'postgres')).toBe(true);
      expect(await countMigrations(replicas[0]!)).toBe(1);
      await replicas[1]!.db.insert(widgets).values({ name: 'shared' });
      const rows = await replicas[3]!.db.select().from(widgets);
      expect(rows.map((r) => r.name)).toEqual(['shared']);
    } finally {
      await Promise.all(replicas.map((r) => r.close()));
    }
  });

  it('reports an unreachable database as not ready', async () => {
    const handle = await openDatabase({
      schemaName: 'kit_test',
      url: database.url,
      dataDir: '/x',
      migrationsFolder,
    });
    await handle.close();
    await expect(handle.ping()).rejects.toThrow();
  });
});

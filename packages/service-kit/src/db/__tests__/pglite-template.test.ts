import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../database.js';
import { PGLITE_TEMPLATE_CACHE_ENV } from '../pglite-template.js';

const fixtureMigrations = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixture', 'drizzle');

// Each test runs initdb and every migration into a new folder (several times), which on a loaded 2-core
// machine with another jest worker copying folders beside it has taken over the default 60 s.
const SLOW_START_MS = 180_000;

describe('PGlite templates (PGLITE_TEMPLATE_CACHE)', () => {
  let work: string;
  let cache: string;
  let migrationsFolder: string;
  const previous = process.env[PGLITE_TEMPLATE_CACHE_ENV];

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'kit-template-'));
    cache = path.join(work, 'cache');
    migrationsFolder = path.join(work, 'drizzle');
    await cp(fixtureMigrations, migrationsFolder, { recursive: true });
    process.env[PGLITE_TEMPLATE_CACHE_ENV] = cache;
  });
  afterEach(() => {
    process.env[PGLITE_TEMPLATE_CACHE_ENV] = cache;
  });
  afterAll(async () => {
    if (previous === undefined) delete process.env[PGLITE_TEMPLATE_CACHE_ENV];
    else process.env[PGLITE_TEMPLATE_CACHE_ENV] = previous;
    await rm(work, { recursive: true, force: true });
  });

  async function open(name: string) {
    return openDatabase({ schemaName: 'kit_test', dataDir: path.join(work, name), migrationsFolder });
  }

  /** The templates in the cache (beside them: the one empty cluster they all start from). */
  async function templates(): Promise<string[]> {
    return (await readdir(cache)).filter((name) => name.startsWith('kit_test-'));
  }

  async function emptyClusters(): Promise<string[]> {
    return (await readdir(cache)).filter((name) => name.startsWith('empty-cluster-'));
  }

  async function tables(handle: Awaited<ReturnType<typeof open>>): Promise<string[]> {
    const result = await handle.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'kit_test' order by 1`,
    );
    return result.rows.map((row) => String(row.table_name));
  }

  it(
    'makes one template per schema and migrations, and new folders start from it migrated and separate',
    async () => {
      const first = await open('first');
      expect(await templates()).toHaveLength(1);
      expect(await emptyClusters()).toHaveLength(1);
      await first.db.execute(sql`insert into kit_test.widgets (name) values ('only in first')`);
      await first.close();

      const second = await open('second');
      expect(await templates()).toHaveLength(1);
      expect(await tables(second)).toEqual(expect.arrayContaining(['widgets', '__drizzle_migrations']));
      const rows = await second.db.execute(sql`select count(*)::int as n from kit_test.widgets`);
      expect(rows.rows[0]).toEqual({ n: 0 });
      await second.close();

      // An existing folder keeps its own data: the template is only for new folders.
      const again = await open('first');
      const kept = await again.db.execute(sql`select name from kit_test.widgets`);
      expect(kept.rows).toEqual([{ name: 'only in first' }]);
      await again.close();
    },
    SLOW_START_MS,
  );

  it(
    'makes a new template when a migration changes, from the same empty cluster, and that migration is applied',
    async () => {
      const journal = path.join(migrationsFolder, 'meta', '_journal.json');
      const entries = JSON.parse(await readFile(journal, 'utf8'));
      const tag = '9999_template_probe';
      entries.entries.push({
        idx: entries.entries.length,
        version: '7',
        when: Date.now(),
        tag,
        breakpoints: true,
      });
      await writeFile(journal, JSON.stringify(entries));
      await writeFile(
        path.join(migrationsFolder, `${tag}.sql`),
        'CREATE TABLE "kit_test"."template_probe" ("id" integer);',
      );

      const third = await open('third');
      expect(await templates()).toHaveLength(2);
      // Both templates started from the one empty cluster: initdb ran once.
      expect(await emptyClusters()).toHaveLength(1);
      expect(await tables(third)).toContain('template_probe');
      await third.close();
    },
    SLOW_START_MS,
  );

  it(
    'does nothing when the cache is not set',
    async () => {
      delete process.env[PGLITE_TEMPLATE_CACHE_ENV];
      const before = await readdir(cache);
      const plain = await open('plain');
      expect(await tables(plain)).toContain('widgets');
      await plain.close();
      expect(await readdir(cache)).toEqual(before);
    },
    SLOW_START_MS,
  );
});

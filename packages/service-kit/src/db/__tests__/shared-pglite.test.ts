/**
 * One PGlite for the services of a process (shared-pglite.ts): each service in its own schema under its
 * own role, unable to use another's; services that start together migrate into one template; a later one
 * joins the running instance; the instance closes with the last service and keeps its data.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../database.js';
import { PGLITE_TEMPLATE_CACHE_ENV } from '../pglite-template.js';
import { widgets } from './fixture/schema.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const schemas = {
  kit_test: path.join(here, 'fixture', 'drizzle'),
  kit_jobs: path.join(here, '..', '..', 'jobs', '__tests__', 'fixture', 'drizzle'),
} as const;

// initdb and migrations on a loaded 2-core machine (see pglite-template.test.ts).
const SLOW_START_MS = 180_000;

describe('one PGlite shared by the services of a process', () => {
  let work: string;
  let cache: string;
  const previous = process.env[PGLITE_TEMPLATE_CACHE_ENV];

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'kit-shared-pglite-'));
    cache = path.join(work, 'cache');
    process.env[PGLITE_TEMPLATE_CACHE_ENV] = cache;
  });
  afterAll(async () => {
    if (previous === undefined) delete process.env[PGLITE_TEMPLATE_CACHE_ENV];
    else process.env[PGLITE_TEMPLATE_CACHE_ENV] = previous;
    await rm(work, { recursive: true, force: true });
  });

  function open(folder: string, schemaName: keyof typeof schemas): Promise<DatabaseHandle> {
    return openDatabase({
      schemaName,
      dataDir: path.join(work, folder),
      migrationsFolder: schemas[schemaName],
      sharePglite: true,
    });
  }

  /** The database's own words for a refused statement (drizzle wraps them as the error's cause). */
  async function refusal(statement: Promise<unknown>): Promise<string> {
    const error = await statement.then(
      () => new Error('the statement was allowed'),
      (caught: unknown) => caught as Error,
    );
    return error.cause instanceof Error ? error.cause.message : error.message;
  }

  async function currentUser(handle: DatabaseHandle): Promise<string> {
    const result = await handle.db.execute(sql`select current_user as name`);
    return String(result.rows[0]!.name);
  }

  it(
    'keeps each service in its own schema under its own role, unable to read or write the other',
    async () => {
      const [test, jobs] = await Promise.all([open('site', 'kit_test'), open('site', 'kit_jobs')]);
      try {
        // Started in the same turn: one template holding both schemas, made from the one empty cluster.
        expect((await readdir(cache)).filter((name) => name.startsWith('shared-'))).toEqual([
          expect.stringMatching(/^shared-kit_jobs\+kit_test-[0-9a-f]{20}$/),
        ]);
        expect((await readdir(path.join(work))).sort()).toEqual(['cache', 'site']);

        await test.db.insert(widgets).values({ name: 'only the test service', count: 1 });
        expect(await currentUser(test)).toBe('kit_test_service');
        expect(await currentUser(jobs)).toBe('kit_jobs_service');
        // The kit's start settings (pglite-client.ts), not initdb's 128MB.
        const buffers = await test.db.execute(sql`show shared_buffers`);
        expect(buffers.rows[0]).toEqual({ shared_buffers: '16MB' });

        expect(await refusal(jobs.db.execute(sql`select * from kit_test.widgets`))).toBe(
          'permission denied for schema kit_test',
        );
        expect(
          await refusal(
            jobs.db.execute(sql`insert into kit_test.widgets (name, count) values ('intruder', 1)`),
          ),
        ).toBe('permission denied for schema kit_test');
        expect(await refusal(jobs.db.execute(sql`drop schema kit_test cascade`))).toBe(
          'must be owner of schema kit_test',
        );
        const left = await test.db.select().from(widgets);
        expect(left.map((row) => row.name)).toEqual(['only the test service']);

        // Statements of both, interleaved as requests would be: each runs under its own role.
        const roles = await Promise.all(
          Array.from({ length: 20 }, (_, i) => {
            const handle = i % 3 === 0 ? jobs : test;
            return i % 2 === 0
              ? currentUser(handle).then((name) => [handle === jobs, name] as const)
              : handle.db.transaction(async (tx) => {
                  const result = await tx.execute(sql`select current_user as name`);
                  return [handle === jobs, String(result.rows[0]!.name)] as const;
                });
          }),
        );
        for (const [isJobs, name] of roles)
          expect(name).toBe(isJobs ? 'kit_jobs_service' : 'kit_test_service');
      } finally {
        await test.close();
        await jobs.close();
      }
    },
    SLOW_START_MS,
  );

  it(
    'lets a service join a running instance later, and keeps every schema when it reopens',
    async () => {
      const test = await open('later', 'kit_test');
      await test.db.insert(widgets).values({ name: 'kept', count: 2 });
      const jobs = await open('later', 'kit_jobs');
      const tables = await jobs.db.execute(
        sql`select count(*)::int as n from information_schema.tables where table_schema = 'kit_jobs'`,
      );
      expect(Number(tables.rows[0]!.n)).toBeGreaterThan(0);
      await test.close();
      // The instance stays open for the service still using it.
      expect(await currentUser(jobs)).toBe('kit_jobs_service');
      await jobs.close();

      const again = await open('later', 'kit_test');
      try {
        expect((await again.db.select().from(widgets)).map((row) => row.name)).toEqual(['kept']);
        const applied = await again.db.execute(
          sql`select count(*)::int as n from kit_test.__drizzle_migrations`,
        );
        expect(Number(applied.rows[0]!.n)).toBe(1);
      } finally {
        await again.close();
      }
    },
    SLOW_START_MS,
  );
});

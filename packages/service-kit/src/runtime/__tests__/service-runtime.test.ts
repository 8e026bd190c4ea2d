/**
 * A service's runtime: built once in `onStart`, handed to its routes, subscriptions and jobs as
 * `deps.runtime` (typed), shown on the running service, and stopped with it.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { sql } from 'drizzle-orm';
import { pgSchema } from 'drizzle-orm/pg-core';
import { pino } from 'pino';
import { openDatabase } from '../../db/database.js';
import { createInboxTable, createOutboxTable } from '../../events/tables.js';
import { signInternalToken } from '../../identity.js';
import { defineService, serviceConfigSchema, startService, type ServiceDeps } from '../service.js';
import { writeEventTablesMigration } from './fixtures/event-tables-migration.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'kit-service-runtime-'));
const secret = 'r'.repeat(40);

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface GreeterRuntime {
  greeting: string;
  stopped: boolean;
}
const configSchema = serviceConfigSchema('revenue', 4005, {});
type GreeterConfig = ServiceDeps['config'];
const schema = pgSchema('revenue');
const base = {
  name: 'revenue' as const,
  configSchema,
  migrationsFolder: writeEventTablesMigration(path.join(dataDir, 'migrations'), 'revenue'),
  tables: { outbox: createOutboxTable(schema), inbox: createInboxTable(schema) },
  usesStorage: false,
};

describe('a service runtime', () => {
  it('is built in onStart, handed to routes, subscriptions and jobs, and stopped with the service', async () => {
    const seen: { atStart?: unknown; subscriptions?: string; jobs?: string } = {};
    const built: GreeterRuntime = { greeting: 'hello', stopped: false };
    const greeter = defineService<GreeterConfig, GreeterRuntime>({
      ...base,
      onStart: async (deps) => {
        seen.atStart = deps.runtime;
        return {
          runtime: built,
          stop: async () => {
            built.stopped = true;
          },
        };
      },
      routes: (router, deps) => {
        router.get('/api/greeting', (_req, res) => {
          const greeting: string = deps.runtime.greeting;
          res.json({ greeting });
        });
      },
      subscriptions: (deps) => {
        seen.subscriptions = deps.runtime.greeting;
        return [];
      },
      jobs: (deps) => {
        seen.jobs = deps.runtime.greeting;
        return [];
      },
    });
    const service = await startService(greeter, {
      env: { DATA_DIR: dataDir, INTERNAL_TOKEN_SECRET: secret, HOST: '127.0.0.1' },
      logger: pino({ level: 'silent' }),
      port: 0,
    });
    try {
      const response = await fetch(`${service.url}/api/greeting`, {
        headers: { 'x-internal-token': await signInternalToken({ kind: 'anonymous' }, secret) },
      });
      expect(await response.json()).toEqual({ greeting: 'hello' });
      expect(seen).toEqual({ atStart: undefined, subscriptions: 'hello', jobs: 'hello' });
      expect(service.deps.runtime).toBe(built);
      expect(built.stopped).toBe(false);
    } finally {
      await service.stop();
    }
    expect(built.stopped).toBe(true);
  });

  it('must be built by onStart when the service names one (checked by the compiler)', () => {
    const routes = () => undefined;
    const subscriptions = () => [];
    // @ts-expect-error a service that names a runtime type must build it in onStart
    defineService<GreeterConfig, GreeterRuntime>({ ...base, routes, subscriptions });
    defineService<GreeterConfig, GreeterRuntime>({
      ...base,
      routes,
      subscriptions,
      // @ts-expect-error returning only a stop function leaves the runtime unbuilt
      onStart: async () => async () => undefined,
    });
    // A service without a runtime needs no onStart, and may return a stop function from one.
    defineService<GreeterConfig>({ ...base, routes, subscriptions });
    const withStop = defineService<GreeterConfig>({
      ...base,
      routes,
      subscriptions,
      onStart: async () => async () => undefined,
    });
    expect(withStop.onStart).toBeDefined();
  });

  /** The service with no routes or subscriptions on the data folder `dataDir`, logging nothing. */
  const startServiceWithoutRoutes = (dataDir: string) =>
    startService(
      defineService<GreeterConfig>({ ...base, routes: () => undefined, subscriptions: () => [] }),
      {
        env: { DATA_DIR: dataDir, INTERNAL_TOKEN_SECRET: secret, HOST: '127.0.0.1' },
        logger: pino({ level: 'silent' }),
        port: 0,
      },
    );

  it('keeps using the PGlite folder of its own that a data folder made before the shared one holds', async () => {
    const oldSite = mkdtempSync(path.join(tmpdir(), 'kit-service-old-site-'));
    try {
      // The old layout: DATA_DIR/db/<service>, one PGlite folder per service, with an event in it.
      const own = await openDatabase({
        schemaName: 'revenue',
        dataDir: path.join(oldSite, 'db', 'revenue'),
        migrationsFolder: base.migrationsFolder,
      });
      await own.db.insert(base.tables.outbox).values({
        id: '00000000-0000-4000-8000-000000000001',
        type: 'kept.from.before',
        version: 1,
        occurredAt: new Date(),
        data: {},
        // Sent already: the relay leaves it alone.
        status: 'sent',
      });
      await own.close();

      const service = await startServiceWithoutRoutes(oldSite);
      try {
        const rows = await service.deps.db.select().from(base.tables.outbox);
        expect(rows.map((row) => row.type)).toEqual(['kept.from.before']);
        expect(readdirSync(path.join(oldSite, 'db'))).toEqual(['revenue']);
      } finally {
        await service.stop();
      }
    } finally {
      rmSync(oldSite, { recursive: true, force: true });
    }
  });

  it('keeps a new data folder in the one PGlite folder every service of the process shares', async () => {
    const newSite = mkdtempSync(path.join(tmpdir(), 'kit-service-new-site-'));
    try {
      const service = await startServiceWithoutRoutes(newSite);
      try {
        const who = await service.deps.db.execute(sql`select current_user as name`);
        expect(who.rows).toEqual([{ name: 'revenue_service' }]);
        expect(readdirSync(path.join(newSite, 'db'))).toEqual(['site']);
      } finally {
        await service.stop();
      }
    } finally {
      rmSync(newSite, { recursive: true, force: true });
    }
  });
});

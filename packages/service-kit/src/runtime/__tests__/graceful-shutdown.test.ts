/**
 * SIGTERM, for real, to a child process started from the sources (fixtures/stopping-services.ts) while
 * requests are in flight and events are on their way: readiness fails at once, every request taken is
 * answered and fully done (its row and its event), a request that comes too late is refused with
 * nothing written, the outbox is published before the process exits 0, and every event is handled (at
 * once on the in-process bus; on NATS JetStream by the consumer that comes back, if not before).
 *
 * Embedded: two services on one in-process bus, the event passed on from one to the other while they
 * stop. Lone (runMain, as in the distributed mode): on each backing, PGlite + in-process bus, and with
 * POSTGRES_URL and NATS_URL set also PostgreSQL + NATS JetStream.
 */
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startWatchedProcess, type WatchedProcess } from '../../testing/watched-process.js';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../db/database.js';
import { INTERNAL_TOKEN_HEADER, signInternalToken } from '../../identity.js';
import { serviceBackings, type Backing } from '../../testing/backings.js';
import { waitFor } from '../../testing/system.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../../../..');
const fixture = path.join(here, 'fixtures', 'stopping-services.ts');
const SECRET = 's'.repeat(40);
const IN_FLIGHT = 6;
// A process started from the sources through tsx takes long to start on a loaded two-core machine.

function startFixture(mode: 'lone' | 'embedded', env: Record<string, string>): WatchedProcess {
  return startWatchedProcess(['--conditions=@platform/source', '--import', 'tsx', fixture], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PGLITE_TEMPLATE_CACHE: process.env.PGLITE_TEMPLATE_CACHE,
      MODE: mode,
      INTERNAL_TOKEN_SECRET: SECRET,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
  });
}

/** The URL of the service that takes work, once the process says it started. */
async function workUrl(mode: 'lone' | 'embedded', child: WatchedProcess): Promise<string> {
  if (mode === 'lone')
    return String((await child.waitFor((l) => l.msg === 'service started', 'the start')).url);
  const ready = await child.waitFor((l) => typeof l.ready === 'object', 'the start');
  return (ready.ready as Record<string, string>).payment!;
}

/** A request's outcome: its status and body, or the network error that refused it. */
type Outcome = { status: number; body: string } | { error: string };

async function send(
  url: string,
  method: string,
  pathname: string,
  agent: http.Agent | false,
): Promise<Outcome> {
  const token = await signInternalToken({ kind: 'anonymous' }, SECRET);
  return new Promise((resolve) => {
    const req = http.request(
      `${url}${pathname}`,
      { method, agent, headers: { [INTERNAL_TOKEN_HEADER]: token } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', (error) => resolve({ error: error.message }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end();
  });
}

interface State {
  work: string[];
  handled: string[];
  unsent: number;
}

async function readState(env: Record<string, string>, schemas: string[], url?: string): Promise<State> {
  const state: State = { work: [], handled: [], unsent: 0 };
  // One handle per schema: in the shared PGlite each service's role reads only its own.
  for (const schema of schemas) {
    const handle = await openDatabase({
      schemaName: schema,
      url,
      dataDir: path.join(env.DATA_DIR!, 'db', 'site'),
      sharePglite: true,
      migrationsFolder: path.join(env.DATA_DIR!, 'migrations', schema),
    });
    try {
      const rows = async (query: ReturnType<typeof sql>) =>
        (await handle.db.execute(query)).rows as Array<Record<string, unknown>>;
      const s = sql.identifier(schema);
      state.work.push(...(await rows(sql`SELECT id FROM ${s}.work`)).map((r) => String(r.id)));
      state.handled.push(
        ...(await rows(sql`SELECT id || ':' || step AS h FROM ${s}.handled`)).map((r) => String(r.h)),
      );
      const [unsent] = await rows(
        sql`SELECT count(*)::int AS n FROM ${s}.outbox_events WHERE status <> 'sent'`,
      );
      state.unsent += Number(unsent!.n);
    } finally {
      await handle.close();
    }
  }
  state.work.sort();
  state.handled.sort();
  return state;
}

/** Sends work, SIGTERMs the process while it is in flight, and checks what every request came to. */
async function stopUnderLoad(mode: 'lone' | 'embedded', env: Record<string, string>) {
  const child = startFixture(mode, env);
  const url = await workUrl(mode, child);
  const agent = new http.Agent({ keepAlive: true });
  try {
    const ready = await send(url, 'GET', '/readyz', agent);
    expect(ready).toMatchObject({ status: 200 });
    expect(JSON.parse((ready as { body: string }).body)).toMatchObject({ status: 'ready', stage: 'serving' });

    const ids = Array.from({ length: IN_FLIGHT }, (_, i) => `w${i}`);
    const inFlight = ids.map((id) => send(url, 'POST', `/api/work/${id}`, false));
    await waitFor(
      () => child.lines.filter((l) => l.msg === 'work arrived').length,
      (arrived) => arrived === IN_FLIGHT,
      'every request to arrive',
    );

    const signalled = Date.now();
    child.process.kill('SIGTERM');
    await child.waitFor((l) => l.msg === 'shutting down', 'the shutdown');
    // Readiness fails at once: 503 on a kept-alive connection, or the connection is refused or closed.
    const readiness = await send(url, 'GET', '/readyz', agent);
    expect('status' in readiness && readiness.status === 200).toBe(false);
    const late = await send(url, 'POST', '/api/work/late', false);

    const outcomes = await Promise.all(inFlight);
    const [code] = await child.exited;
    expect(code).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    // Every request taken before SIGTERM was answered, and done.
    expect(outcomes).toEqual(ids.map((id) => ({ status: 200, body: JSON.stringify({ done: id }) })));
    return { ids, late };
  } finally {
    agent.destroy();
    if (child.process.exitCode === null) child.process.kill('SIGKILL');
  }
}

describe('graceful shutdown on SIGTERM', () => {
  describe('embedded mode: two services on one in-process bus', () => {
    let backing: Backing;
    beforeAll(async () => {
      backing = await serviceBackings({ service: 'payment' })[0]!.create();
    });
    afterAll(async () => backing?.cleanup());

    it('answers the requests in flight, refuses late ones, and hands every event along the chain before exiting 0', async () => {
      const { ids, late } = await stopUnderLoad('embedded', backing.env);
      const state = await readState(backing.env, ['payment', 'revenue']);
      const lateDone = 'status' in late && late.status === 200 ? ['late'] : [];
      // Too late: refused with nothing written, or (on a connection already open) answered and done in full.
      if ('status' in late) expect(late.status).toBe(200);
      const done = [...ids, ...lateDone].sort();
      expect(state.work).toEqual(done);
      expect(state.unsent).toBe(0);
      // payment's request → revenue handles `first` and passes `second` → payment handles it.
      expect(state.handled).toEqual(done.flatMap((id) => [`${id}:first`, `${id}:second`]).sort());
    }, 300_000);
  });

  describe.each(serviceBackings({ service: 'revenue', nats: true }))(
    'a lone service (runMain) on $name',
    (factory) => {
      let backing: Backing;
      beforeAll(async () => {
        backing = await factory.create();
      });
      afterAll(async () => backing?.cleanup());

      it('answers the requests in flight, refuses late ones, publishes its outbox and exits 0; no event is lost', async () => {
        const { ids, late } = await stopUnderLoad('lone', backing.env);
        const databaseUrl = backing.env.REVENUE_DATABASE_URL;
        const lateDone = 'status' in late && late.status === 200 ? ['late'] : [];
        // Too late: refused with nothing written, or (on a connection already open) answered and done in full.
        if ('status' in late) expect(late.status).toBe(200);
        const done = [...ids, ...lateDone].sort();
        const stopped = await readState(backing.env, ['revenue'], databaseUrl);
        expect(stopped.work).toEqual(done);
        expect(stopped.unsent).toBe(0);
        const handledAll = done.map((id) => `${id}:first`).sort();
        if (!backing.env.NATS_URL) {
          // The in-process bus confirms a publish once the handler applied it: all were, before the exit.
          expect(stopped.handled).toEqual(handledAll);
          return;
        }
        // On JetStream the events wait in the stream; the consumer that comes back handles the rest.
        const again = startFixture('lone', backing.env);
        try {
          await again.waitFor((l) => l.msg === 'service started', 'the restart');
          const handled = await waitFor(
            async () => (await readState(backing.env, ['revenue'], databaseUrl)).handled,
            (rows) => rows.length >= handledAll.length,
            'every event handled after the restart',
            60_000,
          );
          expect(handled).toEqual(handledAll);
        } finally {
          again.process.kill('SIGTERM');
          expect((await again.exited)[0]).toBe(0);
        }
      }, 300_000);
    },
  );
});

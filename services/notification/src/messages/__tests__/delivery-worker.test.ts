/**
 * The mail delivery queue on the kit's job runner, against the service's real tables: backoff and giving
 * up, claims that several replicas share without sending anything twice, a dead worker's claim, and
 * wake-ups after the queuing transaction commits.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { HOUR, SettableClock } from '@platform/service-kit/clock';
import { openDatabase, type Database, type DatabaseHandle, type Executor } from '@platform/service-kit/db';
import { JobRunner, WakeUps, type JobRun, type QueueRound } from '@platform/service-kit/jobs';
import { createTestPostgresDatabase, postgresUrlFromEnv, waitFor } from '@platform/service-kit/testing';
import { eq, inArray, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { messages } from '../../db/schema.js';
import { loadTestConfig } from '../../__tests__/config-helpers.js';
import {
  MAIL_DELIVERY_QUEUE,
  mailBackoff,
  mailDeliveryQueue,
  type MailDeliveryOptions,
} from '../delivery-worker.js';
import { createMailTransport, type MailTransport, type OutgoingMail } from '../mail-transport.js';
import { insertMessage } from '../messages.repository.js';

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');
const silent = pino({ level: 'silent' });

interface Lab {
  name: string;
  /** Another connection pool to the same database, like a second replica (PGlite: the same handle). */
  open(): Promise<Database>;
  cleanup(): Promise<void>;
}

async function pgliteLab(): Promise<Lab> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'notification-worker-'));
  const handle = await openDatabase({ schemaName: 'notification', dataDir, migrationsFolder });
  return {
    name: 'PGlite',
    open: async () => handle.db,
    cleanup: async () => {
      await handle.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function postgresLab(adminUrl: string): Promise<Lab> {
  const database = await createTestPostgresDatabase(adminUrl, 'notification');
  const handles: DatabaseHandle[] = [];
  return {
    name: 'PostgreSQL',
    open: async () => {
      const handle = await openDatabase({
        schemaName: 'notification',
        url: database.url,
        dataDir: '/nonexistent',
        migrationsFolder,
      });
      handles.push(handle);
      return handle.db;
    },
    cleanup: async () => {
      for (const handle of handles) await handle.close();
      await database.drop();
    },
  };
}

const labs: Array<{ name: string; create(): Promise<Lab> }> = [{ name: 'PGlite', create: pgliteLab }];
const postgresUrl = postgresUrlFromEnv();
if (postgresUrl) labs.push({ name: 'PostgreSQL', create: () => postgresLab(postgresUrl) });

/** A transport that records what it was given and fails while `failWith` is set. */
function fakeTransport(options: { delayMs?: number } = {}) {
  const sent: OutgoingMail[] = [];
  const transport: MailTransport & { sent: OutgoingMail[]; failWith: Error | null } = {
    kind: 'smtp',
    sent,
    failWith: null,
    send: async (mail) => {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (transport.failWith) throw transport.failWith;
      sent.push(mail);
      return { messageId: `<${sent.length}@test>` };
    },
    close: () => undefined,
  };
  return transport;
}

async function queue(db: Executor, clock: SettableClock, to: string): Promise<string> {
  const id = await insertMessage(db, {
    to,
    subject: `To ${to}`,
    text: 'text',
    html: '<p>html</p>',
    template: 'test',
    eventId: null,
    now: clock.now(),
  });
  if (!id) throw new Error('not queued');
  return id;
}

async function rowOf(db: Database, id: string) {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  if (!row) throw new Error(`no message ${id}`);
  return row;
}

/** What one round of the queue did. */
function roundOf(run: JobRun): QueueRound {
  if (!run.ran || !run.ok) throw new Error(`the mail delivery did not run: ${JSON.stringify(run)}`);
  return run.result as QueueRound;
}

describe('the default backoff', () => {
  it('waits 30 s, then twice as long after each failure, at most an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(mailBackoff)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
  });
});

describe.each(labs)('the mail delivery on $name', (factory) => {
  let lab: Lab;
  let db: Database;
  const runners: JobRunner[] = [];
  const listeners: WakeUps[] = [];

  beforeAll(async () => {
    lab = await factory.create();
    db = await lab.open();
  });

  afterEach(async () => {
    for (const runner of runners.splice(0)) await runner.stop();
    for (const listener of listeners.splice(0)) await listener.close();
  });

  afterAll(async () => {
    await lab?.cleanup();
  });

  /** A replica's job runner with just the mail delivery. */
  function worker(options: MailDeliveryOptions & { db?: Database; logger?: pino.Logger; wakeUps?: WakeUps }) {
    const { db: workerDb = db, logger = silent, wakeUps, ...queue } = options;
    const runner = new JobRunner({
      db: workerDb,
      jobs: [mailDeliveryQueue(queue)],
      clock: queue.clock,
      logger,
      wakeUps,
    });
    runners.push(runner);
    return { runNow: async () => roundOf(await runner.runNow(MAIL_DELIVERY_QUEUE)), runner };
  }

  it('retries a failing message after 30 s, then 60 s, and marks it failed after the last attempt', async () => {
    const clock = new SettableClock('2030-01-01T00:00:00Z');
    const transport = fakeTransport();
    transport.failWith = new Error('421 try later');
    const mail = worker({ transport, clock, maxAttempts: 3 });
    const id = await queue(db, clock, 'retry@example.com');

    expect(await mail.runNow()).toEqual({ claimed: 1, completed: 0, failed: 1 });
    expect(await rowOf(db, id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: '421 try later',
      nextAttemptAt: new Date('2030-01-01T00:00:30Z'),
    });
    expect((await mail.runNow()).claimed).toBe(0); // not due yet

    clock.advance(30_000);
    expect(await mail.runNow()).toEqual({ claimed: 1, completed: 0, failed: 1 });
    expect(await rowOf(db, id)).toMatchObject({
      attempts: 2,
      nextAttemptAt: new Date('2030-01-01T00:01:30Z'),
    });

    clock.advance(60_000);
    await mail.runNow();
    expect(await rowOf(db, id)).toMatchObject({ status: 'failed', attempts: 3, lastError: '421 try later' });

    clock.advance(24 * 60 * 60_000);
    expect((await mail.runNow()).claimed).toBe(0);
    expect(transport.sent).toEqual([]);
  });

  it('shares the queue between replicas: every message goes out exactly once', async () => {
    const clock = new SettableClock('2031-01-01T00:00:00Z');
    const ids = await Promise.all(
      Array.from({ length: 30 }, (_, index) => queue(db, clock, `replica-${index}@example.com`)),
    );
    const transports = [
      fakeTransport({ delayMs: 5 }),
      fakeTransport({ delayMs: 5 }),
      fakeTransport({ delayMs: 5 }),
    ];
    const workers = await Promise.all(
      transports.map(async (transport) => worker({ db: await lab.open(), transport, clock, batchSize: 4 })),
    );
    await Promise.all(
      workers.map(async (replica) => {
        while ((await replica.runNow()).claimed > 0);
      }),
    );
    const delivered = transports.flatMap((transport) => transport.sent.map((mail) => mail.to)).sort();
    expect(delivered).toEqual(
      Array.from({ length: 30 }, (_, index) => `replica-${index}@example.com`).sort(),
    );
    const rows = await db.select().from(messages).where(inArray(messages.id, ids));
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('leaves a message claimed by a worker that died to another one once the claim runs out', async () => {
    const clock = new SettableClock('2032-01-01T00:00:00Z');
    const id = await queue(db, clock, 'orphan@example.com');
    // What a claim writes, by a worker that then died mid-send.
    await db
      .update(messages)
      .set({ attempts: 1, lockedUntil: sql`now() + interval '5 minutes'` })
      .where(eq(messages.id, id));

    const transport = fakeTransport();
    const survivor = worker({ transport, clock });
    expect((await survivor.runNow()).claimed).toBe(0);
    // The claim is database time: moving the service clock does not end it.
    clock.advance(HOUR);
    expect((await survivor.runNow()).claimed).toBe(0);

    await db
      .update(messages)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(messages.id, id));
    expect(await survivor.runNow()).toEqual({ claimed: 1, completed: 1, failed: 0 });
    expect(await rowOf(db, id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      lockedUntil: null,
      providerMessageId: '<1@test>',
    });
  });

  it('does not send a message again once every attempt was claimed by a worker that died mid-send', async () => {
    const clock = new SettableClock('2032-06-01T00:00:00Z');
    const id = await queue(db, clock, 'poison@example.com');
    // Three claims, each by a worker that died before recording its outcome (perhaps after the server
    // accepted the message): the last one's lease has run out.
    await db
      .update(messages)
      .set({ attempts: 3, lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(messages.id, id));

    const transport = fakeTransport();
    const survivor = worker({ transport, clock, maxAttempts: 3 });
    expect(await survivor.runNow()).toEqual({ claimed: 1, completed: 0, failed: 1 });
    expect(transport.sent).toEqual([]);
    const row = await rowOf(db, id);
    expect(row).toMatchObject({ status: 'failed', attempts: 4, lockedUntil: null, sentAt: null });
    expect(row.lastError).toMatch(/^not tried again after 3 attempts: .* may have taken effect$/);

    clock.advance(24 * 60 * 60_000);
    expect((await survivor.runNow()).claimed).toBe(0);
  });

  it('delivers as soon as the transaction that queues a message commits', async () => {
    const clock = new SettableClock('2033-01-01T00:00:00Z');
    const transport = fakeTransport();
    // Another replica (PostgreSQL: its own pool and listening connection), polling once an hour: only
    // the wake-up after commit can deliver within the test.
    const replicaDb = await lab.open();
    const wakeUps = await WakeUps.listen({ db: replicaDb, schema: 'notification' });
    listeners.push(wakeUps);
    const { runner } = worker({ db: replicaDb, transport, clock, pollIntervalMs: HOUR, wakeUps });
    await runner.start();
    // The round at start may still be under way and take the first message, or a wake-up does; after
    // that one, only wake-ups bring the queue round again within the hour.
    const id = await queue(db, clock, 'woken@example.com');
    await waitFor(
      () => rowOf(db, id),
      (row) => row.status === 'sent',
      'delivery',
    );

    let queuedInTx = '';
    await db.transaction(async (tx) => {
      queuedInTx = await queue(tx, clock, 'woken-in-tx@example.com');
    });
    await waitFor(
      () => rowOf(db, queuedInTx),
      (row) => row.status === 'sent',
      'delivery after commit',
    );
    expect(transport.sent.map((mail) => mail.to)).toEqual(['woken@example.com', 'woken-in-tx@example.com']);
  });

  it('marks messages of the delivery log `logged`, printing the text only in development', async () => {
    const clock = new SettableClock('2034-01-01T00:00:00Z');
    for (const [nodeEnv, printsText] of [
      ['development', true],
      ['production', false],
    ] as const) {
      const lines: Array<Record<string, unknown>> = [];
      const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
      const config = loadTestConfig({ NODE_ENV: nodeEnv });
      const mail = worker({ transport: createMailTransport(config, logger), clock, logger });
      const id = await queue(db, clock, `log-${nodeEnv}@example.com`);
      await mail.runNow();
      const row = await rowOf(db, id);
      expect(row).toMatchObject({ status: 'logged', attempts: 1, sentAt: clock.now() });
      const line = lines.find((l) => String(l.msg).startsWith('e-mail logged'));
      expect(Boolean((line?.mail as { text?: string } | undefined)?.text)).toBe(printsText);
    }
  });
});

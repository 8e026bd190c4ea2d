/**
 * The delivery worker on its own, against the service's real tables: backoff and giving up, claims that
 * several replicas share without sending anything twice, a dead worker's claim, and wake-ups.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  SettableClock,
  openDatabase,
  type Database,
  type DatabaseHandle,
  type Executor,
} from '@platform/service-kit';
import { createTestPostgresDatabase, postgresUrlFromEnv } from '@platform/service-kit/testing';
import { eq, inArray } from 'drizzle-orm';
import { pino } from 'pino';
import { messages } from '../../db/schema.js';
import { loadTestConfig } from '../../__tests__/config-helpers.js';
import { waitFor } from '../../__tests__/harness.js';
import { DeliveryWorker, defaultMailBackoff } from '../delivery-worker.js';
import { createMailTransport, type MailTransport, type OutgoingMail } from '../mail-transport.js';
import { claimDueMessages, insertMessage, markDelivered } from '../messages.repository.js';

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

describe('the default backoff', () => {
  it('waits 30 s, then twice as long after each failure, at most an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(defaultMailBackoff)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
  });
});

describe.each(labs)('the delivery worker on $name', (factory) => {
  let lab: Lab;
  let db: Database;

  beforeAll(async () => {
    lab = await factory.create();
    db = await lab.open();
  });

  afterAll(async () => {
    await lab?.cleanup();
  });

  it('retries a failing message after 30 s, then 60 s, and marks it failed after the last attempt', async () => {
    const clock = new SettableClock('2030-01-01T00:00:00Z');
    const transport = fakeTransport();
    transport.failWith = new Error('421 try later');
    const worker = new DeliveryWorker({ db, transport, clock, logger: silent, maxAttempts: 3 });
    const id = await queue(db, clock, 'retry@example.com');

    expect(await worker.runOnce()).toEqual({ claimed: 1, delivered: 0, failed: 1 });
    expect(await rowOf(db, id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: '421 try later',
      nextAttemptAt: new Date('2030-01-01T00:00:30Z'),
    });
    expect((await worker.runOnce()).claimed).toBe(0); // not due yet

    clock.advance(30_000);
    expect(await worker.runOnce()).toEqual({ claimed: 1, delivered: 0, failed: 1 });
    expect(await rowOf(db, id)).toMatchObject({
      attempts: 2,
      nextAttemptAt: new Date('2030-01-01T00:01:30Z'),
    });

    clock.advance(60_000);
    await worker.runOnce();
    expect(await rowOf(db, id)).toMatchObject({ status: 'failed', attempts: 3, lastError: '421 try later' });

    clock.advance(24 * 60 * 60_000);
    expect((await worker.runOnce()).claimed).toBe(0);
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
      transports.map(
        async (transport) =>
          new DeliveryWorker({ db: await lab.open(), transport, clock, logger: silent, batchSize: 4 }),
      ),
    );
    await Promise.all(
      workers.map(async (worker) => {
        while ((await worker.runOnce()).claimed > 0);
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
    const [claimed] = await claimDueMessages(db, {
      now: clock.now(),
      leaseUntil: new Date(clock.now().getTime() + 5 * 60_000),
      limit: 1,
    });
    expect(claimed?.id).toBe(id);

    const transport = fakeTransport();
    const survivor = new DeliveryWorker({ db, transport, clock, logger: silent });
    expect((await survivor.runOnce()).claimed).toBe(0);
    clock.advance(5 * 60_000);
    expect(await survivor.runOnce()).toEqual({ claimed: 1, delivered: 1, failed: 0 });
    expect(await rowOf(db, id)).toMatchObject({ status: 'sent', attempts: 2 });

    // The dead worker's late report changes nothing.
    const late = await markDelivered(db, claimed!, {
      status: 'sent',
      at: clock.now(),
      providerMessageId: 'late',
    });
    expect(late).toBe(false);
    expect((await rowOf(db, id)).providerMessageId).toBe('<1@test>');
  });

  it('delivers right after a wake-up, also when woken inside the transaction that queues', async () => {
    const clock = new SettableClock('2033-01-01T00:00:00Z');
    const transport = fakeTransport();
    const worker = new DeliveryWorker({ db, transport, clock, logger: silent, pollIntervalMs: 60_000 });
    worker.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 200)); // its first round found nothing
      const id = await queue(db, clock, 'woken@example.com');
      worker.wake();
      await waitFor(
        () => rowOf(db, id),
        (row) => row.status === 'sent',
        { timeoutMs: 2_000, what: 'delivery' },
      );

      let queuedInTx = '';
      await db.transaction(async (tx) => {
        queuedInTx = await queue(tx, clock, 'woken-in-tx@example.com');
        worker.wake();
        await new Promise((resolve) => setTimeout(resolve, 30)); // the commit comes a little later
      });
      await waitFor(
        () => rowOf(db, queuedInTx),
        (row) => row.status === 'sent',
        {
          timeoutMs: 2_000,
          what: 'delivery after commit',
        },
      );
    } finally {
      await worker.stop();
    }
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
      const worker = new DeliveryWorker({
        db,
        transport: createMailTransport(config, logger),
        clock,
        logger,
      });
      const id = await queue(db, clock, `log-${nodeEnv}@example.com`);
      await worker.runOnce();
      const row = await rowOf(db, id);
      expect(row).toMatchObject({ status: 'logged', attempts: 1, sentAt: clock.now() });
      const line = lines.find((l) => String(l.msg).startsWith('e-mail logged'));
      expect(Boolean((line?.mail as { text?: string } | undefined)?.text)).toBe(printsText);
    }
  });
});

/** The outbox and the inbox on both databases × both buses: what commits together travels together. */
import { beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { eq, sql } from 'drizzle-orm';
import { applyOnce } from '../inbox.js';
import { enqueueEvent, type OutboxRelayOptions } from '../outbox.js';
import type { DeadLetter, EventBus } from '../types.js';
import {
  countRows,
  databaseAndBusKinds,
  inboxEvents,
  incrementWidget,
  outboxEvents,
  probeEvent,
  quickRelay,
  recordProbe,
  sleep,
  startProbeCounter,
  useDatabaseAndBus,
  useSharedDatabases,
  waitFor,
  waitForWidget,
  widgetCount,
  widgets,
  type TestDatabase,
} from './helpers.js';
import { SettableClock } from '../../clock.js';
import type { Database } from '../../db/database.js';

const databases = useSharedDatabases();

describe.each(databaseAndBusKinds)('outbox and inbox (%s, %s bus)', (databaseKind, busKind) => {
  const suite = useDatabaseAndBus(databases, databaseKind, busKind);
  let db: Database;
  let bus: EventBus;
  const applied: string[] = [];

  beforeEach(async () => {
    db = suite.db;
    applied.length = 0;
    bus = await suite.lab.connect();
    const consumer = await startProbeCounter(bus, db, {
      ackWaitMs: 1_000,
      backoffMs: [50],
      onApplied: (event) => applied.push(event.id),
    });
    suite.defer(() => consumer.stop());
  });

  function relay(options: Partial<OutboxRelayOptions> = {}) {
    return quickRelay(db, bus, options);
  }

  it('delivers an event committed together with its state change, then marks it sent', async () => {
    const event = await recordProbe(db, 'alpha');
    const round = await relay().runOnce();

    expect(round).toEqual({ claimed: 1, sent: 1, failed: 0 });
    // `applied` fills inside the consumer's transaction: wait for the committed effect, not the push.
    await waitForWidget(db, 'alpha', 1, 'the consumer');
    expect(applied).toEqual([event.id]);
    const [row] = await db.select().from(outboxEvents);
    expect(row).toMatchObject({ id: event.id, status: 'sent', attempts: 1, lastError: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(await countRows(db, inboxEvents)).toBe(1);
  });

  it('publishes nothing for a transaction that rolled back', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(widgets).values({ name: 'beta' });
        await enqueueEvent(tx, outboxEvents, {
          type: 'platform.probe.recorded',
          data: { probeId: 'beta', sequence: 1 },
        });
        throw new Error('card declined');
      }),
    ).rejects.toThrow('card declined');

    expect(await relay().runOnce()).toEqual({ claimed: 0, sent: 0, failed: 0 });
    await sleep(200);
    expect(applied).toEqual([]);
    expect(await countRows(db, outboxEvents)).toBe(0);
  });

  it('takes over rows a dead relay left in flight once their lock expires, not before', async () => {
    const abandoned = await recordProbe(db, 'gamma');
    const busy = await recordProbe(db, 'delta');
    await db.execute(sql`update kit_test.outbox_events set status = 'in_flight', attempts = 1,
      locked_until = now() - interval '1 second' where id = ${abandoned.id}`);
    await db.execute(sql`update kit_test.outbox_events set status = 'in_flight', attempts = 1,
      locked_until = now() + interval '1 hour' where id = ${busy.id}`);

    expect(await relay().runOnce()).toEqual({ claimed: 1, sent: 1, failed: 0 });
    await waitForWidget(db, 'gamma', 1, 'the consumer');
    expect(applied).toEqual([abandoned.id]);
    const rows = await db.select().from(outboxEvents);
    expect(rows.find((row) => row.id === abandoned.id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(rows.find((row) => row.id === busy.id)).toMatchObject({ status: 'in_flight', attempts: 1 });
  });

  it('publishes the events of one transaction in the order they were enqueued', async () => {
    await db.transaction(async (tx) => {
      await tx.insert(widgets).values({ name: 'ordered' });
      for (let sequence = 0; sequence < 20; sequence++) {
        await enqueueEvent(tx, outboxEvents, {
          type: 'platform.probe.recorded',
          data: { probeId: 'ordered', sequence },
        });
      }
    });
    const sequences: number[] = [];
    const watcher = await bus.subscribe(
      { subject: 'platform.probe.recorded', durable: 'order-watcher' },
      async (d) => {
        sequences.push((d.event.data as { sequence: number }).sequence);
      },
    );
    try {
      expect(await relay({ batchSize: 7 }).runOnce()).toEqual({ claimed: 7, sent: 7, failed: 0 });
      const running = relay({ batchSize: 7 });
      running.start();
      await waitFor(() => sequences.length === 20, { what: 'all twenty events' });
      await running.stop();
      expect(sequences).toEqual(Array.from({ length: 20 }, (_, index) => index));
      await waitForWidget(db, 'ordered', 20, 'the consumer');
    } finally {
      await watcher.stop();
    }
  });

  it('dead-letters an event that fails its contract at once, without touching the database', async () => {
    const letters: DeadLetter[] = [];
    const deadLetters = await bus.subscribeDeadLetters(async (letter) => void letters.push(letter));
    try {
      const invalid = { ...probeEvent(1, 'eta'), data: { probeId: '', sequence: -1 } };
      await bus.publish(invalid);
      await waitFor(() => letters.length === 1, { what: 'the dead letter' });
      await sleep(200);
      expect(letters[0]).toMatchObject({ durable: 'counter', deliveryCount: 1, event: { id: invalid.id } });
      expect(letters[0]!.error).toContain('Invalid data for "platform.probe.recorded"');
      expect(applied).toEqual([]);
      expect(await countRows(db, inboxEvents)).toBe(0);
    } finally {
      await deadLetters.stop();
    }
  });

  it('applies an effect once when the same event id is applied twice, and keeps no inbox row for a failed effect', async () => {
    await db.insert(widgets).values({ name: 'epsilon' });
    const key = {
      eventId: '6f1d8d3e-5c55-4c11-9a7b-6a8d1c2e0f11',
      consumer: 'test',
      type: 'platform.probe.recorded',
    };
    const increment = (tx: Parameters<Parameters<typeof applyOnce>[3]>[0]) => incrementWidget(tx, 'epsilon');

    await expect(
      applyOnce(db, inboxEvents, key, async (tx) => {
        await increment(tx);
        throw new Error('mail server down');
      }),
    ).rejects.toThrow('mail server down');
    expect(await widgetCount(db, 'epsilon')).toBe(0);
    expect(await countRows(db, inboxEvents)).toBe(0);

    expect(await applyOnce(db, inboxEvents, key, increment)).toBe('applied');
    expect(await applyOnce(db, inboxEvents, key, increment)).toBe('duplicate');
    expect(await applyOnce(db, inboxEvents, { ...key, consumer: 'another' }, increment)).toBe('applied');
    expect(await widgetCount(db, 'epsilon')).toBe(2);
  });
});

describe('enqueueEvent', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await databases.get('pglite');
    await database.reset();
  });

  it('returns the envelope it stored, stamped by the given clock, with the contract version', async () => {
    const clock = new SettableClock('2031-05-04T10:00:00.000Z');
    const envelope = await enqueueEvent(
      database.db,
      outboxEvents,
      {
        type: 'platform.probe.recorded',
        data: { probeId: 'zeta', sequence: 3 },
        headers: { 'x-request-id': 'r' },
      },
      { clock },
    );
    expect(envelope).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'platform.probe.recorded',
      version: 1,
      occurredAt: '2031-05-04T10:00:00.000Z',
      data: { probeId: 'zeta', sequence: 3 },
    });
    const [row] = await database.db.select().from(outboxEvents).where(eq(outboxEvents.id, envelope.id));
    expect(row).toMatchObject({ status: 'pending', attempts: 0, headers: { 'x-request-id': 'r' } });
    expect(row?.occurredAt.toISOString()).toBe('2031-05-04T10:00:00.000Z');
  });

  it('refuses an event type without a contract and data the contract rejects', async () => {
    await expect(
      enqueueEvent(database.db, outboxEvents, {
        type: 'nobody.thing.happened' as 'platform.probe.recorded',
        data: {} as never,
      }),
    ).rejects.toThrow('Unknown event type "nobody.thing.happened"');
    await expect(
      enqueueEvent(database.db, outboxEvents, {
        type: 'platform.probe.recorded',
        data: { probeId: '', sequence: -1 },
      }),
    ).rejects.toThrow('Invalid data for event "platform.probe.recorded"');
  });
});

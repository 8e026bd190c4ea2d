/**
 * Enqueueing wakes the relay after commit: with the relay polling once an hour, an event committed with
 * its state change still reaches the consumer, on both databases and both buses, and nobody called
 * anything after the commit.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { eq, sql } from 'drizzle-orm';
import { HOUR } from '../../clock.js';
import { WakeUps } from '../../jobs/wake-ups.js';
import { OutboxRelay, enqueueEvent } from '../outbox.js';
import { defineSubscription, startSubscriptions, type RunningSubscriptions } from '../subscriptions.js';
import {
  BusLab,
  busKinds,
  countRows,
  databaseKinds,
  inboxEvents,
  outboxEvents,
  SharedDatabases,
  waitFor,
  widgetCount,
  widgets,
  type TestDatabase,
} from './helpers.js';

const databases = new SharedDatabases();
afterAll(() => databases.closeAll());

const combinations = databaseKinds.flatMap((database) => busKinds.map((bus) => [database, bus] as const));

describe.each(combinations)('the outbox wake-up (%s, %s bus)', (databaseKind, busKind) => {
  let database: TestDatabase;
  let lab: BusLab;
  let consumer: RunningSubscriptions;
  let wakeUps: WakeUps;
  let relay: OutboxRelay;

  beforeAll(async () => {
    database = await databases.get(databaseKind);
  });

  beforeEach(async () => {
    await database.reset();
    lab = new BusLab(busKind);
    const bus = await lab.connect();
    consumer = await startSubscriptions({
      bus,
      db: database.db,
      inboxTable: inboxEvents,
      service: 'counter',
      subscriptions: [
        defineSubscription({
          subject: 'platform.probe.recorded',
          handler: async (event, { tx }) => {
            await tx
              .update(widgets)
              .set({ count: sql`${widgets.count} + 1` })
              .where(eq(widgets.name, event.data.probeId));
          },
        }),
      ],
    });
    wakeUps = await WakeUps.listen({ db: database.db, schema: 'kit_test' });
    relay = new OutboxRelay({ db: database.db, table: outboxEvents, bus, wakeUps, pollIntervalMs: HOUR });
    relay.start();
    // A first event: the relay's round at start may still be under way and publish it, or a wake-up
    // does. Once it arrived, that first round has claimed what it will: only wake-ups publish now.
    await database.db.transaction(async (tx) => {
      await tx.insert(widgets).values({ name: 'warm-up' });
      await enqueueEvent(tx, outboxEvents, {
        type: 'platform.probe.recorded',
        data: { probeId: 'warm-up', sequence: 1 },
      });
    });
    await waitFor(async () => (await widgetCount(database.db, 'warm-up')) === 1, { what: 'the warm-up' });
  });

  afterEach(async () => {
    await relay.stop();
    await wakeUps.close();
    await consumer.stop();
    await lab.cleanup();
  });

  it('publishes an event as soon as its transaction commits', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(widgets).values({ name: 'woken' });
      await enqueueEvent(tx, outboxEvents, {
        type: 'platform.probe.recorded',
        data: { probeId: 'woken', sequence: 1 },
      });
    });
    await waitFor(async () => (await widgetCount(database.db, 'woken')) === 1, {
      what: 'the event to be delivered without a poll',
    });
  });

  it('publishes nothing for a transaction that rolled back, and the next commit still wakes it', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(widgets).values({ name: 'rolled-back' });
        await enqueueEvent(tx, outboxEvents, {
          type: 'platform.probe.recorded',
          data: { probeId: 'rolled-back', sequence: 1 },
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await countRows(database.db, outboxEvents)).toBe(1); // the warm-up only

    await database.db.transaction(async (tx) => {
      await tx.insert(widgets).values({ name: 'after' });
      await enqueueEvent(tx, outboxEvents, {
        type: 'platform.probe.recorded',
        data: { probeId: 'after', sequence: 1 },
      });
    });
    await waitFor(async () => (await widgetCount(database.db, 'after')) === 1, {
      what: 'the committed event',
    });
    expect(await countRows(database.db, inboxEvents)).toBe(2); // the warm-up and this one
  });
});

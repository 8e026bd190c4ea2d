/**
 * Enqueueing wakes the relay after commit: with the relay polling once an hour, an event committed with
 * its state change still reaches the consumer, on both databases and both buses, and nobody called
 * anything after the commit.
 */
import { beforeEach, describe, expect, it } from '@jest/globals';
import { HOUR } from '../../clock.js';
import { WakeUps } from '../../jobs/wake-ups.js';
import { OutboxRelay, enqueueEvent } from '../outbox.js';
import {
  countRows,
  databaseAndBusKinds,
  inboxEvents,
  outboxEvents,
  recordProbe,
  startProbeCounter,
  useDatabaseAndBus,
  useSharedDatabases,
  waitForWidget,
  widgets,
} from './helpers.js';

const databases = useSharedDatabases();

describe.each(databaseAndBusKinds)('the outbox wake-up (%s, %s bus)', (databaseKind, busKind) => {
  const database = useDatabaseAndBus(databases, databaseKind, busKind);

  beforeEach(async () => {
    const bus = await database.lab.connect();
    const consumer = await startProbeCounter(bus, database.db);
    database.defer(() => consumer.stop());
    const wakeUps = await WakeUps.listen({ db: database.db, schema: 'kit_test' });
    database.defer(() => wakeUps.close());
    const relay = new OutboxRelay({
      db: database.db,
      table: outboxEvents,
      bus,
      wakeUps,
      pollIntervalMs: HOUR,
    });
    relay.start();
    database.defer(() => relay.stop());
    // A first event: the relay's round at start may still be under way and publish it, or a wake-up
    // does. Once it arrived, that first round has claimed what it will: only wake-ups publish now.
    await recordProbe(database.db, 'warm-up');
    await waitForWidget(database.db, 'warm-up', 1, 'the warm-up');
  });

  it('publishes an event as soon as its transaction commits', async () => {
    await recordProbe(database.db, 'woken');
    await waitForWidget(database.db, 'woken', 1, 'the event to be delivered without a poll');
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

    await recordProbe(database.db, 'after');
    await waitForWidget(database.db, 'after', 1, 'the committed event');
    expect(await countRows(database.db, inboxEvents)).toBe(2); // the warm-up and this one
  });
});

/** One contract, both buses: what every service may rely on, whichever mode it runs in. */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { JetStreamBus } from '../jetstream-bus.js';
import { UnprocessableEventError } from '../delivery-policy.js';
import type { DeadLetter, Delivery, EventBus, Subscription } from '../types.js';
import { BusLab, busKinds, probeEvent, sleep, waitFor } from './helpers.js';

const SUBJECT = 'platform.probe.recorded';
const fast = { ackWaitMs: 1_000, backoffMs: [50] };

describe.each(busKinds)('event bus contract (%s)', (kind) => {
  let lab: BusLab;
  let bus: EventBus;
  const subscriptions: Subscription[] = [];

  async function subscribe(durable: string, handler: (delivery: Delivery) => Promise<void>, options = {}) {
    const subscription = await bus.subscribe({ subject: SUBJECT, durable, ...fast, ...options }, handler);
    subscriptions.push(subscription);
    return subscription;
  }

  beforeEach(async () => {
    lab = new BusLab(kind);
    bus = await lab.connect();
  });

  afterEach(async () => {
    await Promise.all(subscriptions.splice(0).map((subscription) => subscription.stop()));
    await lab.cleanup();
  });

  it('delivers the envelope and its headers to a subscriber', async () => {
    const received: Delivery[] = [];
    await subscribe('reader', async (delivery) => {
      received.push(delivery);
    });
    const event = probeEvent(1);
    await bus.publish(event, { headers: { 'x-request-id': 'req-1', 'x-causation-id': 'cause-9' } });

    await waitFor(() => received.length === 1, { what: 'the delivery' });
    expect(received[0]).toEqual({
      event,
      headers: { 'x-request-id': 'req-1', 'x-causation-id': 'cause-9' },
      deliveryCount: 1,
    });
  });

  it('resumes a durable consumer where it stopped: events published meanwhile are not lost', async () => {
    const first: number[] = [];
    const before = await subscribe('resumer', async ({ event }) => {
      first.push((event.data as { sequence: number }).sequence);
    });
    await bus.publish(probeEvent(0));
    await waitFor(() => first.length === 1, { what: 'the first event' });
    await before.stop();

    for (let sequence = 1; sequence <= 5; sequence++) await bus.publish(probeEvent(sequence));
    const second: number[] = [];
    await subscribe('resumer', async ({ event }) => {
      second.push((event.data as { sequence: number }).sequence);
    });

    await waitFor(() => second.length >= 5, { what: 'the five events' });
    await sleep(200);
    expect(first).toEqual([0]);
    expect([...second].sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('gives every durable consumer its own copy of each event', async () => {
    const seen: Record<string, number[]> = { billing: [], mailer: [] };
    for (const durable of Object.keys(seen)) {
      await subscribe(durable, async ({ event }) => {
        seen[durable]!.push((event.data as { sequence: number }).sequence);
      });
    }
    for (let sequence = 1; sequence <= 3; sequence++) await bus.publish(probeEvent(sequence));

    await waitFor(() => seen.billing!.length === 3 && seen.mailer!.length === 3, { what: 'both consumers' });
    expect(seen).toEqual({ billing: [1, 2, 3], mailer: [1, 2, 3] });
  });

  it('redelivers an event whose handler threw, counting the deliveries', async () => {
    const counts: number[] = [];
    await subscribe('retrier', async ({ deliveryCount }) => {
      counts.push(deliveryCount);
      if (deliveryCount === 1) throw new Error('temporary failure');
    });
    await bus.publish(probeEvent(1));

    await waitFor(() => counts.length === 2, { what: 'the redelivery' });
    await sleep(200);
    expect(counts).toEqual([1, 2]);
  });

  it('dead-letters an event after maxDeliver failures, with the error, and stops redelivering it', async () => {
    const letters: DeadLetter[] = [];
    subscriptions.push(await bus.subscribeDeadLetters(async (letter) => void letters.push(letter)));
    let calls = 0;
    await subscribe(
      'doomed',
      async () => {
        calls += 1;
        throw new Error('payment provider exploded');
      },
      { maxDeliver: 3 },
    );
    const event = probeEvent(7);
    await bus.publish(event);

    await waitFor(() => letters.length === 1, { what: 'the dead letter' });
    await sleep(300);
    expect(calls).toBe(3);
    expect(letters).toEqual([
      {
        event,
        durable: 'doomed',
        deliveryCount: 3,
        error: expect.stringContaining('payment provider exploded'),
      },
    ]);
  });

  it('dead-letters an unprocessable event at once, without retries', async () => {
    const letters: DeadLetter[] = [];
    subscriptions.push(await bus.subscribeDeadLetters(async (letter) => void letters.push(letter)));
    let calls = 0;
    await subscribe('strict', async () => {
      calls += 1;
      throw new UnprocessableEventError('data fails the contract');
    });
    await bus.publish(probeEvent(1));

    await waitFor(() => letters.length === 1, { what: 'the dead letter' });
    await sleep(200);
    expect(calls).toBe(1);
    expect(letters[0]).toMatchObject({
      durable: 'strict',
      deliveryCount: 1,
      error: 'data fails the contract',
    });
  });

  it('delivers an event published twice with the same id only once', async () => {
    const ids: string[] = [];
    await subscribe('deduper', async ({ event }) => void ids.push(event.id));
    const event = probeEvent(1);
    await bus.publish(event);
    await bus.publish(event);
    const marker = probeEvent(2);
    await bus.publish(marker);

    await waitFor(() => ids.includes(marker.id), { what: 'the marker event' });
    await sleep(200);
    expect(ids).toEqual([event.id, marker.id]);
  });

  it('waits for a running handler when a subscription stops, and acks its event', async () => {
    let finished = false;
    const counts: number[] = [];
    const subscription = await subscribe('graceful', async ({ deliveryCount }) => {
      counts.push(deliveryCount);
      await sleep(300);
      finished = true;
    });
    const published = bus.publish(probeEvent(1));
    await waitFor(() => counts.length === 1, { what: 'the handler to start' });
    await subscription.stop();
    expect(finished).toBe(true);
    await published;

    const later: number[] = [];
    await subscribe('graceful', async ({ deliveryCount }) => void later.push(deliveryCount));
    await sleep(fast.ackWaitMs + 500);
    expect(later).toEqual([]);
  });

  it('answers ping while open and refuses to publish once closed', async () => {
    await expect(bus.ping()).resolves.toBeUndefined();
    await bus.close();
    await expect(bus.ping()).rejects.toThrow();
    await expect(bus.publish(probeEvent(1))).rejects.toThrow();
  });

  if (kind === 'jetstream') {
    it('fails to connect to an unreachable NATS server', async () => {
      await expect(
        JetStreamBus.connect({ servers: 'nats://127.0.0.1:1', stream: 'NOPE', subjectPrefix: 'nope' }),
      ).rejects.toThrow();
    });
  }
});

/**
 * Events that auth emits from inside its subscription handlers (a membership granted for a paid order,
 * a consultation status followed) reach the bus without waiting for the outbox poll: the service runs
 * with a poll of one hour, so only the wake-up after commit can deliver them while the test waits.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { EventEnvelope } from '@platform/contracts';
import { HOUR, SettableClock } from '@platform/service-kit/clock';
import { InProcessBus, type Subscription } from '@platform/service-kit/events';
import { startService, type RunningService } from '@platform/service-kit/runtime';
import { captureLogs } from '@platform/service-kit/testing';
import { authService, TEST_PASSWORD_HASH_ENV, type AuthConfig } from '../../index.js';
import { backings, orderPaid, SECRET, START, uniqueEmail, type Backing } from '../../__tests__/harness.js';

describe.each(backings())('auth events go out without waiting for the poll on $name', (factory) => {
  let backing: Backing;
  let bus: InProcessBus;
  let auth: RunningService<AuthConfig>;
  const observers: Subscription[] = [];

  beforeAll(async () => {
    backing = await factory.create();
    bus = new InProcessBus();
    // The first start prints the bootstrap admin's password; keep it out of the test output.
    const print = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    auth = await startService(authService, {
      env: { ...backing.env, INTERNAL_TOKEN_SECRET: SECRET, NODE_ENV: 'test', ...TEST_PASSWORD_HASH_ENV },
      bus,
      clock: new SettableClock(START),
      logger: captureLogs().logger,
      port: 0,
      host: '127.0.0.1',
      outboxPollIntervalMs: HOUR,
    }).finally(() => print.mockRestore());
    // A first grant: the relay's round at start may still be under way and publish it, or a wake-up
    // does. Once it arrived, that first round has claimed what it will: only wake-ups publish now.
    const email = uniqueEmail('warm-up');
    const granted = nextEvent(
      'auth.member.granted',
      (event) => (event.data as { email: string }).email === email,
    );
    await bus.publish(orderPaid(email));
    await granted;
  });

  afterAll(async () => {
    for (const observer of observers) await observer.stop();
    await auth?.stop();
    await bus?.close();
    await backing?.cleanup();
  });

  /**
   * Resolves with the first event of `type` the bus delivers for which `matches` holds; rejects when none
   * came within 10 s (the poll would take an hour).
   */
  async function nextEvent(type: string, matches: (event: EventEnvelope) => boolean) {
    let resolve!: (event: EventEnvelope) => void;
    let reject!: (error: Error) => void;
    const received = new Promise<EventEnvelope>((done, fail) => {
      resolve = done;
      reject = fail;
    });
    const timer = setTimeout(() => reject(new Error(`${type} never reached the bus`)), 10_000);
    void received.then(
      () => clearTimeout(timer),
      () => undefined,
    );
    observers.push(
      await bus.subscribe({ subject: type, durable: `observer-${randomUUID()}` }, async ({ event }) => {
        if (matches(event)) resolve(event);
      }),
    );
    return received;
  }

  it('publishes auth.member.granted as soon as the grant for a paid order commits', async () => {
    const email = uniqueEmail('woken-buyer');
    const granted = nextEvent(
      'auth.member.granted',
      (event) => (event.data as { email: string }).email === email,
    );
    const paid = orderPaid(email);
    await bus.publish(paid);
    expect((await granted).data).toMatchObject({ email, orderId: paid.data.orderId, isNewAccount: true });
  });

  it('publishes auth.user.status-changed as soon as a completed consultation is followed', async () => {
    const email = uniqueEmail('woken-owner');
    // The account: a guest buyer's, created by the grant above.
    const granted = nextEvent(
      'auth.member.granted',
      (event) => (event.data as { email: string }).email === email,
    );
    await bus.publish(orderPaid(email));
    const { userId } = (await granted).data as { userId: string };

    const changed = nextEvent(
      'auth.user.status-changed',
      (event) => (event.data as { userId: string }).userId === userId,
    );
    await bus.publish({
      id: randomUUID(),
      type: 'consultation.submission.completed',
      version: 1,
      occurredAt: START.toISOString(),
      data: {
        submissionId: 'woken-submission',
        userId: null,
        email,
        ownerName: 'Woken Owner',
        businessName: 'Casa Woken',
        restaurantName: 'Casa Woken',
        location: 'Lisbon',
        imageCount: 0,
        videoCount: 0,
        documentCount: 0,
        addFilesToken: 'token',
        completedAt: START.toISOString(),
      },
    });
    expect((await changed).data).toMatchObject({ userId, consultationStatus: 'submitted' });
  });
});

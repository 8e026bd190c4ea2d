/** The reconciliation job settles checkouts left pending by asking their provider; time is the service clock. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MINUTE } from '@platform/service-kit';
import { eq } from 'drizzle-orm';
import { testCheckoutSessions } from '../../db/schema.js';
import { reconcilePendingOrders } from '../reconcile-pending-orders.js';
import { backings, startPayment, type Backing, type PaymentUnderTest } from '../../__tests__/harness.js';

const LOST = 'http://127.0.0.1:1/api/webhooks/test';

describe.each(backings())('reconciliation on $name', (factory) => {
  let backing: Backing;
  let payment: PaymentUnderTest;

  beforeAll(async () => {
    backing = await factory.create();
    // A long interval: these tests run the rounds themselves (the last one starts its own service).
    payment = await startPayment(backing, { env: { RECONCILE_INTERVAL_MS: '3600000' } });
    await payment.publishCatalogue();
  });

  afterAll(async () => {
    await payment?.stop();
    await backing?.cleanup();
  });

  async function paidWithLostWebhook() {
    const { sessionId } = await payment.checkout();
    const provider = payment.testProvider();
    expect(await provider.pay((await provider.findSession(sessionId))!, LOST)).toBe('paid');
    return sessionId;
  }

  it('fulfils a paid checkout left pending once it is a few minutes old, and only once', async () => {
    const paid = await paidWithLostWebhook();
    const unpaid = (await payment.checkout()).sessionId;
    const before = await payment.counts();

    payment.clock.advance(4 * MINUTE);
    expect((await reconcilePendingOrders(payment.service.deps)).checked).toBe(0);
    expect((await payment.orderBySession(paid))?.status).toBe('pending');

    payment.clock.advance(2 * MINUTE);
    const round = await reconcilePendingOrders(payment.service.deps);
    expect(round).toEqual({ checked: 2, outcomes: { fulfilled: 1, 'not-paid': 1 } });
    expect((await payment.orderBySession(paid))?.status).toBe('fulfilled');
    expect((await payment.orderBySession(unpaid))?.status).toBe('pending');
    expect((await payment.counts()).paidEvents).toBe(before.paidEvents + 1);

    // The unpaid one is asked again only after another interval; the fulfilled one never.
    expect((await reconcilePendingOrders(payment.service.deps)).checked).toBe(0);
    payment.clock.advance(5 * MINUTE);
    expect(await reconcilePendingOrders(payment.service.deps)).toEqual({
      checked: 1,
      outcomes: { 'not-paid': 1 },
    });
    expect((await payment.counts()).paidEvents).toBe(before.paidEvents + 1);
  });

  it('fails a checkout the provider declined or expired', async () => {
    const { sessionId } = await payment.checkout();
    await payment.service.deps.db
      .update(testCheckoutSessions)
      .set({ status: 'declined' })
      .where(eq(testCheckoutSessions.id, sessionId));
    payment.clock.advance(6 * MINUTE);
    const round = await reconcilePendingOrders(payment.service.deps);
    expect(round.outcomes.failed).toBeGreaterThanOrEqual(1);
    expect((await payment.orderBySession(sessionId))?.status).toBe('failed');
  });

  it('two rounds at once (two replicas) fulfil each order once', async () => {
    const sessions = await Promise.all(Array.from({ length: 5 }, () => paidWithLostWebhook()));
    const before = await payment.counts();
    payment.clock.advance(6 * MINUTE);
    const rounds = await Promise.all([
      reconcilePendingOrders(payment.service.deps),
      reconcilePendingOrders(payment.service.deps),
    ]);
    expect(rounds.reduce((sum, round) => sum + (round.outcomes.fulfilled ?? 0), 0)).toBe(sessions.length);
    expect((await payment.counts()).paidEvents).toBe(before.paidEvents + sessions.length);
  });

  it('gives up asking about a checkout a week old', async () => {
    const { sessionId } = await payment.checkout();
    payment.clock.advance(8 * 24 * 60 * MINUTE);
    await reconcilePendingOrders(payment.service.deps);
    expect((await payment.orderBySession(sessionId))?.status).toBe('pending');
  });

  it('runs by itself on its interval', async () => {
    await payment.stop();
    payment = await startPayment(backing, { env: { RECONCILE_INTERVAL_MS: '100' }, clock: payment.clock });
    const sessionId = await paidWithLostWebhook();
    payment.clock.advance(6 * MINUTE);
    const deadline = Date.now() + 10_000;
    while ((await payment.orderBySession(sessionId))?.status !== 'fulfilled') {
      if (Date.now() > deadline) throw new Error('the job never fulfilled the order');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(payment.logs.some((line) => line.msg === 'reconciliation round')).toBe(true);
  });
});

/** The reconciliation job settles checkouts left pending by asking their provider; time is the service clock. */
import { describe, expect, it } from '@jest/globals';
import { DAY, MINUTE } from '@platform/service-kit/clock';
import { waitFor, useBacking } from '@platform/service-kit/testing';
import { eq } from 'drizzle-orm';
import { testCheckoutSessions } from '../../db/schema.js';
import {
  RECONCILIATION_JOB,
  reconcilePendingOrders,
  type ReconciliationRound,
} from '../reconcile-pending-orders.js';
import {
  backings,
  paidWithLostWebhook,
  startPayment,
  type PaymentUnderTest,
} from '../../__tests__/harness.js';

describe.each(backings())('reconciliation on $name', (factory) => {
  let payment: PaymentUnderTest;

  const suite = useBacking(factory, async (backing) => {
    // The harness's period is longer than these tests move the clock: they run the rounds themselves,
    // through the job (the last one starts its own service with a short period).
    payment = await startPayment(backing);
    await payment.publishCatalogue();
    return payment;
  });

  /** One round through the kit's job, as the schedule would run it; answers what the round did. */
  async function reconcile(): Promise<ReconciliationRound> {
    const run = await payment.service.jobs.runNow(RECONCILIATION_JOB);
    if (!run.ran || !run.ok) throw new Error(`the reconciliation job did not run: ${JSON.stringify(run)}`);
    return run.result as ReconciliationRound;
  }

  it('fulfils a paid checkout left pending once it is a few minutes old, and only once', async () => {
    const paid = await paidWithLostWebhook(payment);
    const unpaid = (await payment.checkout()).sessionId;
    const before = await payment.counts();

    payment.clock.advance(4 * MINUTE);
    expect((await reconcile()).checked).toBe(0);
    expect((await payment.orderBySession(paid))?.status).toBe('pending');

    payment.clock.advance(2 * MINUTE);
    const round = await reconcile();
    expect(round).toEqual({ checked: 2, outcomes: { fulfilled: 1, 'not-paid': 1 } });
    expect((await payment.orderBySession(paid))?.status).toBe('fulfilled');
    expect((await payment.orderBySession(unpaid))?.status).toBe('pending');
    expect((await payment.counts()).paidEvents).toBe(before.paidEvents + 1);

    // The unpaid one is asked again only after another interval; the fulfilled one never.
    expect((await reconcile()).checked).toBe(0);
    payment.clock.advance(5 * MINUTE);
    expect(await reconcile()).toEqual({
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
    const round = await reconcile();
    expect(round.outcomes.failed).toBeGreaterThanOrEqual(1);
    expect((await payment.orderBySession(sessionId))?.status).toBe('failed');
  });

  // The job runs one round at a time across replicas; a round is safe on its own anyway.
  it('two rounds at once fulfil each order once', async () => {
    const sessions = await Promise.all(Array.from({ length: 5 }, () => paidWithLostWebhook(payment)));
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
    payment.clock.advance(8 * DAY);
    await reconcile();
    expect((await payment.orderBySession(sessionId))?.status).toBe('pending');
  });

  it('runs by itself once the clock reaches its period', async () => {
    await payment.stop();
    payment = await startPayment(suite.backing, {
      env: { RECONCILE_INTERVAL_MS: String(10 * MINUTE) },
      clock: payment.clock,
    });
    const sessionId = await paidWithLostWebhook(payment);
    const before = await payment.counts();
    // Old enough to be asked about after 5 minutes, but the job's next round is only due at 10.
    payment.clock.advance(6 * MINUTE);
    const runs = await payment.service.jobs.runDue();
    expect(runs.filter((run) => run.name === RECONCILIATION_JOB)).toEqual([
      { name: RECONCILIATION_JOB, ran: false, reason: 'not-due' },
    ]);
    expect((await payment.orderBySession(sessionId))?.status).toBe('pending');

    payment.clock.advance(4 * MINUTE);
    await waitFor(
      () => payment.counts(),
      (counts) => counts.paidEvents === before.paidEvents + 1,
      'the round',
    );
    expect((await payment.orderBySession(sessionId))?.status).toBe('fulfilled');
    expect(payment.logs.some((line) => line.msg === 'reconciliation round')).toBe(true);
  });
});

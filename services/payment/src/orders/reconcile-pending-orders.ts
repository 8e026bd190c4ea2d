/**
 * The reconciliation job: checkouts left pending (the webhook never came, the buyer closed the tab before
 * the confirmation page) are settled by asking their provider, through the same fulfilment as the other
 * paths. It is a periodic job of the kit (one round per RECONCILE_INTERVAL_MS across all replicas); a
 * round also claims due orders with `FOR UPDATE SKIP LOCKED` and moves their next check on in the same
 * statement, so even two rounds at once never ask about the same order. All times come from the service
 * clock, so tests can move time.
 */
import { DAY, MINUTE } from '@platform/service-kit/clock';
import { definePeriodicJob } from '@platform/service-kit/jobs';
import { providerNamed, type PaymentDeps } from '../runtime.js';
import { fulfilOrder, type FulfilOutcome } from './fulfil-order.js';
import { claimPendingOrders } from './orders.repository.js';

export interface ReconciliationRound {
  checked: number;
  outcomes: Partial<Record<FulfilOutcome | 'error', number>>;
}

const BATCH = 20;

export async function reconcilePendingOrders(deps: PaymentDeps): Promise<ReconciliationRound> {
  const { config, clock } = deps;
  const now = clock.now();
  const claimed = await deps.db.transaction((tx) =>
    claimPendingOrders(tx, {
      now,
      notBefore: new Date(now.getTime() - config.RECONCILE_GIVE_UP_DAYS * DAY),
      nextCheckAt: new Date(now.getTime() + config.RECONCILE_AFTER_MINUTES * MINUTE),
      limit: BATCH,
    }),
  );
  const round: ReconciliationRound = { checked: claimed.length, outcomes: {} };
  const count = (key: FulfilOutcome | 'error') => {
    round.outcomes[key] = (round.outcomes[key] ?? 0) + 1;
  };
  for (const order of claimed) {
    const provider = providerNamed(deps.runtime, order.provider);
    const sessionId = order.providerSessionId;
    if (!provider || !sessionId) continue;
    try {
      // An approved PayPal order is only paid once captured; the others capture by themselves.
      const payment =
        order.method === 'wallet'
          ? await provider.capture(sessionId, order.id)
          : await provider.getPaymentStatus(sessionId);
      const { outcome } = await fulfilOrder(deps, { orderId: order.id, payment, source: 'reconciliation' });
      count(outcome);
    } catch (error) {
      count('error');
      deps.logger.warn(
        { err: error, orderId: order.id },
        'reconciliation could not settle an order; will retry',
      );
    }
  }
  if (round.checked > 0) deps.logger.info(round, 'reconciliation round');
  return round;
}

export const RECONCILIATION_JOB = 'reconcile-pending-orders';

/** A round every `RECONCILE_INTERVAL_MS` of service time, on one replica at a time. */
export function reconciliationJob(deps: PaymentDeps) {
  return definePeriodicJob({
    name: RECONCILIATION_JOB,
    everyMs: deps.config.RECONCILE_INTERVAL_MS,
    run: () => reconcilePendingOrders(deps),
  });
}

/**
 * The reconciliation job: checkouts left pending (the webhook never came, the buyer closed the tab before
 * the confirmation page) are settled by asking their provider, through the same fulfilment as the other
 * paths. It runs on an interval on every replica; each round claims due orders with
 * `FOR UPDATE SKIP LOCKED` and moves their next check on in the same statement, so replicas never ask
 * about the same order at once. All times come from the service clock, so tests can move time.
 */
import { DAY, MINUTE, type ServiceDeps } from '@platform/service-kit';
import type { PaymentConfig } from '../config.js';
import { providerNamed, runtimeOf } from '../runtime.js';
import { fulfilOrder, type FulfilOutcome } from './fulfil-order.js';
import { claimPendingOrders } from './orders.repository.js';

export interface ReconciliationRound {
  checked: number;
  outcomes: Partial<Record<FulfilOutcome | 'error', number>>;
}

const BATCH = 20;

export async function reconcilePendingOrders(deps: ServiceDeps<PaymentConfig>): Promise<ReconciliationRound> {
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
  const runtime = runtimeOf(deps);
  for (const order of claimed) {
    const provider = providerNamed(runtime, order.provider);
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

/** Runs a round every `RECONCILE_INTERVAL_MS`; rounds never overlap; stop() waits for the running one. */
export function startReconciliation(deps: ServiceDeps<PaymentConfig>): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = reconcilePendingOrders(deps)
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'reconciliation round failed'))
      .finally(() => {
        running = null;
      });
  }, deps.config.RECONCILE_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

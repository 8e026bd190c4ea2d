/**
 * Payment plans as the buyer (`GET /api/orders`) and the admin (`GET /api/admin/orders`) read them: the
 * schedule, and the card on file its later instalments are charged to
 * (docs/behaviour/checkout-and-payments.md#payment-plan).
 */
import type { PaymentPlan } from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { findSavedCards } from '../saved-cards/saved-cards.repository.js';
import { findPlans } from './payment-plans.repository.js';
import { toPaymentPlanView } from './payment-plans.js';

/** The plans of these orders, by order id (an order without a plan is absent). */
export async function planViewsOf(
  db: Executor,
  orderIds: string[],
  now: Date,
): Promise<Map<string, PaymentPlan>> {
  const plans = await findPlans(db, orderIds);
  const cards = await findSavedCards(db, [...new Set([...plans.values()].map((plan) => plan.userId))]);
  return new Map(
    [...plans].map(([orderId, plan]) => {
      const card = cards.get(plan.userId);
      return [
        orderId,
        { ...toPaymentPlanView(plan, now), card: card ? { brand: card.brand, last4: card.last4 } : null },
      ];
    }),
  );
}

/** One order's plan, or null when it is no plan. */
export async function planViewOf(db: Executor, orderId: string, now: Date): Promise<PaymentPlan | null> {
  return (await planViewsOf(db, [orderId], now)).get(orderId) ?? null;
}

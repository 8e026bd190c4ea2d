/**
 * Monthly subscribers and monthly recurring revenue (the admin's second stat card), from the projection:
 * a paid order counts while it buys a membership plan and is neither refunded nor ended. A Stripe order
 * is a subscription that renews until `payment.subscription.ended`; the other providers take one payment
 * for the first period (docs/decisions.md, 23), so their order counts until that period is over. MRR is
 * each counted plan's price per month (a quarter's price / 3, a year's / 12), rounded to the cent.
 */
import type { Executor } from '@platform/service-kit/db';
import { and, isNotNull, isNull } from 'drizzle-orm';
import { membershipProducts, paidOrders } from '../db/schema.js';
import { addMonths } from '../lib/calendar.js';

export interface MembershipFigures {
  subscribers: number;
  monthlyRecurringRevenue: number;
}

export async function computeMembershipFigures(db: Executor, now: Date): Promise<MembershipFigures> {
  const [orders, products] = await Promise.all([
    db
      .select()
      .from(paidOrders)
      .where(and(isNotNull(paidOrders.paidAt), isNull(paidOrders.refundedAt), isNull(paidOrders.endedAt))),
    db.select().from(membershipProducts),
  ]);
  const plans = new Map(products.map((product) => [product.productId, product]));
  const subscribers = new Set<string>();
  let monthly = 0;
  for (const order of orders) {
    let orderMonthly = 0;
    let counted = false;
    for (const line of order.lines) {
      const plan = plans.get(line.productId);
      if (!plan) continue;
      const months = plan.billingIntervalCount * (plan.billingInterval === 'year' ? 12 : 1);
      const renews = order.provider === 'stripe';
      if (!renews && addMonths(order.paidAt!, months).getTime() <= now.getTime()) continue;
      counted = true;
      orderMonthly += (line.unitPrice * line.quantity) / months;
    }
    if (!counted) continue;
    subscribers.add(order.email ?? order.orderId);
    monthly += orderMonthly;
  }
  return { subscribers: subscribers.size, monthlyRecurringRevenue: Math.round(monthly) };
}

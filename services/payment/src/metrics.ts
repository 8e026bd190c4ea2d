/** The payment service's business totals for Prometheus, read from its ledger at each scrape. */
import { count, isNotNull } from 'drizzle-orm';
import type { BusinessMetric, ServiceDeps } from '@platform/service-kit/runtime';
import { orders } from './db/schema.js';

export function paymentMetrics({ db }: ServiceDeps): BusinessMetric[] {
  const ordersWith = (column: typeof orders.paidAt) => async () =>
    (await db.select({ n: count() }).from(orders).where(isNotNull(column)))[0]?.n ?? 0;
  return [
    {
      name: 'orders_paid',
      help: 'orders ever paid (refunded ones included)',
      read: ordersWith(orders.paidAt),
    },
    { name: 'orders_refunded', help: 'orders refunded', read: ordersWith(orders.refundedAt) },
  ];
}

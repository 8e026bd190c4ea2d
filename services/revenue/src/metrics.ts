/** The revenue service's business totals for Prometheus, read from its ledger at each scrape. */
import { count, eq, ne, sum } from 'drizzle-orm';
import type { BusinessMetric, ServiceDeps } from '@platform/service-kit/runtime';
import { revenueReports, sharePayments } from './db/schema.js';

/** Credit applied is money already counted where it was paid. */
const realMoney = ne(sharePayments.method, 'credit');

export function revenueMetrics({ db }: ServiceDeps): BusinessMetric[] {
  return [
    {
      name: 'revenue_reports_submitted',
      help: 'monthly revenue reports submitted',
      read: async () =>
        (await db.select({ n: count() }).from(revenueReports).where(eq(revenueReports.estimated, false)))[0]
          ?.n ?? 0,
    },
    {
      name: 'revenue_shares_collected',
      help: 'revenue-share payments recorded (online and offline)',
      read: async () => (await db.select({ n: count() }).from(sharePayments).where(realMoney))[0]?.n ?? 0,
    },
    {
      name: 'revenue_shares_collected_cents',
      help: 'the amount of those payments, in cents',
      read: async () =>
        Number(
          (
            await db
              .select({ cents: sum(sharePayments.amount) })
              .from(sharePayments)
              .where(realMoney)
          )[0]?.cents ?? 0,
        ),
    },
  ];
}

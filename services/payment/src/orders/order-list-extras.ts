/** What a list of orders shows beside each row, read once for the whole list: both the admin's and the buyer's. */
import type { PaymentPlan } from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { invoiceNumbersOf } from '../invoices/invoices.repository.js';
import { planViewsOf } from '../payment-plans/plan-views.js';

/** Each order's invoice number and payment plan, by order id (none for an order without). */
export async function orderListExtras(
  db: Executor,
  rows: { id: string }[],
  now: Date,
): Promise<{ invoiceNumbers: Map<string, number>; plans: Map<string, PaymentPlan> }> {
  const ids = rows.map((row) => row.id);
  return { invoiceNumbers: await invoiceNumbersOf(db, ids), plans: await planViewsOf(db, ids, now) };
}

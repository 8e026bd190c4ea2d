/** Queries on `payment.invoices`. */
import type { Executor } from '@platform/service-kit/db';
import { eq, inArray } from 'drizzle-orm';
import { invoices, type InvoiceRow } from '../db/schema.js';

export async function findInvoice(db: Executor, orderId: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId)).limit(1);
  return row;
}

/** Order id → invoice number, for the orders that have one. */
export async function invoiceNumbersOf(db: Executor, orderIds: string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: invoices.orderId, number: invoices.number })
    .from(invoices)
    .where(inArray(invoices.orderId, orderIds));
  return new Map(rows.map((row) => [row.orderId, row.number]));
}

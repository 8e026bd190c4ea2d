/**
 * Gives a fulfilled order the next invoice number, in the fulfilment's transaction (docs/decisions.md, 91).
 * The counter row is raised with one upsert, which holds its lock until the transaction ends: parallel
 * fulfilments on any replica take numbers one after another, and one that rolls back returns its number,
 * so the sequence has no gaps. The order's primary key in `invoices` keeps it to one invoice an order.
 */
import type { Executor } from '@platform/service-kit/db';
import { sql } from 'drizzle-orm';
import { invoiceCounter, invoices } from '../db/schema.js';

const COUNTER_ID = 'invoices';

export async function issueInvoice(tx: Executor, orderId: string, now: Date): Promise<number> {
  const [counter] = await tx
    .insert(invoiceCounter)
    .values({ id: COUNTER_ID, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceCounter.id,
      set: { lastNumber: sql`${invoiceCounter.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceCounter.lastNumber });
  if (!counter) throw new Error('the invoice counter returned no number');
  await tx.insert(invoices).values({ orderId, number: counter.lastNumber, issuedAt: now });
  return counter.lastNumber;
}

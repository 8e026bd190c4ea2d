/**
 * Gives a fulfilled order the next invoice number, in the fulfilment's transaction (docs/decisions.md, 91).
 * The counter row is raised with one upsert, which holds its lock until the transaction ends: parallel
 * fulfilments on any replica take numbers one after another, and one that rolls back returns its number,
 * so the sequence has no gaps. The order's primary key in `invoices` keeps it to one invoice an order.
 */
import { bumpCounter, type Executor } from '@platform/service-kit/db';
import { invoiceCounter, invoices } from '../db/schema.js';

const COUNTER_ID = 'invoices';

export async function issueInvoice(tx: Executor, orderId: string, now: Date): Promise<number> {
  const number = await bumpCounter(tx, invoiceCounter, { key: 'id', id: COUNTER_ID }, 'lastNumber');
  await tx.insert(invoices).values({ orderId, number, issuedAt: now });
  return number;
}

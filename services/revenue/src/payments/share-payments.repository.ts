/** Queries of the online share payments (`share_payments` rows with an order) and their refunds. */
import { findRow, type Executor } from '@platform/service-kit/db';
import { and, eq, isNotNull } from 'drizzle-orm';
import { paidOrders, sharePayments } from '../db/schema.js';

export type SharePaymentRow = typeof sharePayments.$inferSelect;

export async function findPaymentOfOrder(db: Executor, orderId: string): Promise<SharePaymentRow | null> {
  return findRow(db, sharePayments, eq(sharePayments.orderId, orderId));
}

export async function deletePaymentOfOrder(db: Executor, orderId: string): Promise<SharePaymentRow | null> {
  const [row] = await db.delete(sharePayments).where(eq(sharePayments.orderId, orderId)).returning();
  return row ?? null;
}

/** True when `payment.order.refunded` for the order was applied already (it may overtake the payment). */
export async function isOrderRefunded(db: Executor, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ orderId: paidOrders.orderId })
    .from(paidOrders)
    .where(and(eq(paidOrders.orderId, orderId), isNotNull(paidOrders.refundedAt)))
    .limit(1);
  return Boolean(row);
}

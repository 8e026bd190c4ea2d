/** Queries of orders and their lines. */
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { OrderLine, PaymentProviderName } from '@platform/contracts';
import { findRow, type Executor } from '@platform/service-kit/db';
import { orderLines, orders } from '../db/schema.js';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderStatusValue = OrderRow['status'];

export interface OrderWithLines extends OrderRow {
  lines: OrderLineRow[];
}

/**
 * Stores a new order and its lines. False, and nothing stored, when a pending order already holds its
 * `clientRequestId` (a checkout sent again, docs/decisions.md, 121).
 */
export async function insertOrder(
  db: Executor,
  order: NewOrderRow,
  lines: Array<Omit<OrderLineRow, 'id' | 'orderId' | 'position'>>,
): Promise<boolean> {
  const inserted = await db
    .insert(orders)
    .values(order)
    .onConflictDoNothing({ target: orders.clientRequestId, where: sql`${orders.status} = 'pending'` })
    .returning({ id: orders.id });
  if (inserted.length === 0) return false;
  await db
    .insert(orderLines)
    .values(lines.map((line, index) => ({ ...line, orderId: order.id, position: index + 1 })));
  return true;
}

/** The pending order a checkout page made under this `requestId`, with its lines, or null. */
export function findPendingOrderByClientRequestId(
  db: Executor,
  clientRequestId: string,
): Promise<OrderWithLines | null> {
  return findOrderWhere(db, and(eq(orders.clientRequestId, clientRequestId), eq(orders.status, 'pending')));
}

export async function updateOrder(
  db: Executor,
  id: string,
  changes: Partial<NewOrderRow>,
  onlyIfStatus?: OrderStatusValue[],
): Promise<OrderRow | null> {
  const [row] = await db
    .update(orders)
    .set(changes)
    .where(onlyIfStatus ? and(eq(orders.id, id), inArray(orders.status, onlyIfStatus)) : eq(orders.id, id))
    .returning();
  return row ?? null;
}

export function findOrder(db: Executor, id: string): Promise<OrderWithLines | null> {
  return findOrderWhere(db, eq(orders.id, id));
}

async function findOrderWhere(db: Executor, where: SQL | undefined): Promise<OrderWithLines | null> {
  const row = await findRow(db, orders, where);
  return row ? withLines(db, row) : null;
}

/** The revenue report an order pays (it never changes, so no lock is needed); null for a purchase. */
export async function findReportOfOrder(db: Executor, id: string): Promise<string | null> {
  const [row] = await db
    .select({ revenueReportId: orders.revenueReportId })
    .from(orders)
    .where(eq(orders.id, id));
  return row?.revenueReportId ?? null;
}

/** The order row, locked until the transaction ends: every state change of an order goes through here. */
export async function lockOrder(db: Executor, id: string): Promise<OrderWithLines | null> {
  const row = await findRow(db, orders, eq(orders.id, id), { lock: true });
  return row ? withLines(db, row) : null;
}

export async function findOrderBySession(
  db: Executor,
  providerSessionId: string,
  provider?: PaymentProviderName,
): Promise<OrderRow | null> {
  return findRow(
    db,
    orders,
    provider
      ? and(eq(orders.provider, provider), eq(orders.providerSessionId, providerSessionId))
      : eq(orders.providerSessionId, providerSessionId),
    { orderBy: [asc(orders.createdAt)] },
  );
}

/** Which provider id of an order an event names: its payment's, or its subscription's. */
export type ProviderIdColumn = 'providerPaymentId' | 'providerSubscriptionId';

/** The provider's order with this payment or subscription id (the first made), locked until the transaction ends. */
const byProviderId = (provider: PaymentProviderName, column: ProviderIdColumn, id: string) =>
  and(eq(orders.provider, provider), eq(orders[column], id));

/** The id of the order a provider's payment or subscription id names, without locking it. */
export async function findOrderIdByProviderId(
  db: Executor,
  provider: PaymentProviderName,
  column: ProviderIdColumn,
  id: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(byProviderId(provider, column, id))
    .limit(1);
  return row?.id ?? null;
}

export async function lockOrderByProviderId(
  db: Executor,
  provider: PaymentProviderName,
  column: ProviderIdColumn,
  id: string,
): Promise<OrderWithLines | null> {
  const row = await findRow(db, orders, byProviderId(provider, column, id), {
    orderBy: [asc(orders.createdAt)],
    lock: true,
  });
  return row ? withLines(db, row) : null;
}

/**
 * The order a provider's event about a payment or subscription is about, locked: by that id, else by the
 * order id the event carries, for an order of that provider with no such id recorded yet (still pending
 * here), never another payment's or subscription's order.
 */
export async function lockOrderOfProviderEvent(
  db: Executor,
  provider: PaymentProviderName,
  { column, id, orderId }: { column: ProviderIdColumn; id: string; orderId?: string | null },
): Promise<OrderWithLines | null> {
  const byId = await lockOrderByProviderId(db, provider, column, id);
  if (byId) return byId;
  if (!orderId || !/^[0-9a-f-]{36}$/i.test(orderId)) return null;
  const carried = await lockOrder(db, orderId);
  if (!carried || carried.provider !== provider || carried[column] !== null) return null;
  return carried;
}

export async function listRecentOrders(db: Executor, limit: number): Promise<OrderWithLines[]> {
  const rows = await db.select().from(orders).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit);
  return attachLines(db, rows);
}

/**
 * An account's purchases that were paid (fulfilled, refunded, or paid and being refunded), newest first:
 * placed by the user, or gone to the account's e-mail. Revenue-share payments are left out.
 */
export async function listAccountOrders(
  db: Executor,
  account: { userId: string; email: string; limit: number },
): Promise<OrderWithLines[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        or(
          eq(orders.placedByUserId, account.userId),
          eq(orders.accountEmail, account.email),
          and(isNull(orders.accountEmail), eq(orders.customerEmail, account.email)),
        ),
        isNull(orders.revenueReportId),
        inArray(orders.status, ['paid', 'fulfilled', 'refunded']),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(account.limit);
  return attachLines(db, rows);
}

async function attachLines(db: Executor, rows: OrderRow[]): Promise<OrderWithLines[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(orderLines.position));
  return rows.map((row) => ({ ...row, lines: lines.filter((line) => line.orderId === row.id) }));
}

/**
 * Claims pending orders due for a provider check: locks them (skipping rows another replica holds) and
 * moves their next check on, so no two replicas ask about the same order at once.
 */
export async function claimPendingOrders(
  db: Executor,
  options: { now: Date; notBefore: Date; nextCheckAt: Date; limit: number },
): Promise<OrderRow[]> {
  const due = db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending'),
        sql`${orders.providerSessionId} is not null`,
        sql`${orders.nextCheckAt} <= ${options.now.toISOString()}::timestamptz`,
        sql`${orders.createdAt} >= ${options.notBefore.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(orders.nextCheckAt))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return db
    .update(orders)
    .set({ nextCheckAt: options.nextCheckAt })
    .where(inArray(orders.id, due))
    .returning();
}

export function toOrderLines(lines: OrderLineRow[]): OrderLine[] {
  return lines.map((line) => ({
    productId: line.productId,
    name: line.name,
    unitPrice: line.unitPrice,
    quantity: line.quantity,
  }));
}

/** The courses an order gives access to, from the catalogue at the time of the order. */
export function courseIdsOf(lines: OrderLineRow[]): number[] {
  return [...new Set(lines.flatMap((line) => (line.courseId === null ? [] : [line.courseId])))].sort(
    (a, b) => a - b,
  );
}

async function withLines(db: Executor, row: OrderRow): Promise<OrderWithLines> {
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, row.id))
    .orderBy(asc(orderLines.position));
  return { ...row, lines };
}

/**
 * One per person (docs/behaviour/checkout-and-payments.md#one-per-person; docs/decisions.md, 65): a
 * one-time product that costs something (the course, the consultation, the programmes) is bought once per
 * account, and a membership plan is not started again while the account has it. The account is the one the
 * purchase goes to: the signed-in buyer's, else the billing e-mail's (`orders.account_email`).
 *
 * Checkout refuses what the account already has (`findOwnedProducts`). Checkouts opened before any was paid
 * are settled at fulfilment: `claimOwnedProducts` inserts one row per account and product, so of two
 * payments fulfilled at once (two replicas, parallel webhooks) the second waits on the primary key, finds
 * the claim and is refunded automatically instead.
 */
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '@platform/service-kit/db';
import { orderLines, orders, ownedProducts } from '../db/schema.js';
import type { OrderWithLines } from './orders.repository.js';

interface SoldLine {
  unitPrice: number;
  billingInterval: string | null;
}

/** A one-time product that costs something: bought once per person, a line of one. */
export function isOnePerPerson(line: SoldLine): boolean {
  return line.billingInterval === null && line.unitPrice > 0;
}

/** What is bought once per account: one-per-person products and membership plans. */
export function isOwnable(line: SoldLine): boolean {
  return isOnePerPerson(line) || line.billingInterval !== null;
}

/** The account an order's purchase goes to (orders older than `account_email` used the billing e-mail). */
export function accountEmailOf(order: { accountEmail: string | null; customerEmail: string }): string {
  return (order.accountEmail ?? order.customerEmail).toLowerCase();
}

export interface OwnedProduct {
  productId: string;
  orderId: string;
}

/**
 * Which of `productIds` (by default any product) the account already has: a fulfilled order of it for the account's e-mail (or
 * placed by the signed-in user), whose subscription, if any, has not ended.
 */
export async function findOwnedProducts(
  db: Executor,
  {
    accountEmail,
    userId,
    productIds,
    exceptOrderId,
  }: { accountEmail: string; userId?: string; productIds?: string[]; exceptOrderId?: string },
): Promise<OwnedProduct[]> {
  if (productIds?.length === 0) return [];
  const email = accountEmail.toLowerCase();
  const ofAccount = or(
    sql`coalesce(${orders.accountEmail}, ${orders.customerEmail}) = ${email}`,
    userId ? eq(orders.placedByUserId, userId) : undefined,
  );
  return db
    .selectDistinct({ productId: orderLines.productId, orderId: orders.id })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(
        eq(orders.status, 'fulfilled'),
        isNull(orders.subscriptionEndedAt),
        productIds ? inArray(orderLines.productId, productIds) : undefined,
        ofAccount,
        exceptOrderId ? ne(orders.id, exceptOrderId) : undefined,
      ),
    );
}

/**
 * Claims the order's one-per-person products and membership plans for its account, in the fulfilment's
 * transaction. Returns
 * the products the account already had (claimed by another order, or fulfilled before claims existed);
 * then nothing is claimed and the order must not be fulfilled.
 */
export async function claimOwnedProducts(
  tx: Executor,
  order: OrderWithLines,
  now: Date,
): Promise<OwnedProduct[]> {
  // Sorted: two orders claiming the same products take their keys in the same order, never deadlocking.
  const productIds = [
    // Plans too: two checkouts of one plan paid at once must not leave two subscriptions charging.
    ...new Set(order.lines.filter((line) => isOwnable(line)).map((line) => line.productId)),
  ].sort();
  if (productIds.length === 0) return [];
  const accountEmail = accountEmailOf(order);
  const claimed = await tx
    .insert(ownedProducts)
    .values(productIds.map((productId) => ({ accountEmail, productId, orderId: order.id, claimedAt: now })))
    .onConflictDoNothing()
    .returning({ productId: ownedProducts.productId });
  const taken = productIds.filter((id) => !claimed.some((row) => row.productId === id));
  const owned: OwnedProduct[] = [];
  if (taken.length > 0) {
    owned.push(
      ...(await tx
        .select({ productId: ownedProducts.productId, orderId: ownedProducts.orderId })
        .from(ownedProducts)
        .where(and(eq(ownedProducts.accountEmail, accountEmail), inArray(ownedProducts.productId, taken)))),
    );
  } else {
    owned.push(
      ...(await findOwnedProducts(tx, {
        accountEmail,
        userId: order.placedByUserId ?? undefined,
        productIds,
        exceptOrderId: order.id,
      })),
    );
  }
  if (owned.length > 0) await releaseOwnedProducts(tx, order.id);
  return owned;
}

/** A refunded order, or a subscription that ended, no longer owns its products: the account may buy them again. */
export async function releaseOwnedProducts(tx: Executor, orderId: string): Promise<void> {
  await tx.delete(ownedProducts).where(eq(ownedProducts.orderId, orderId));
}

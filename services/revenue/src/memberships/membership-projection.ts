/**
 * The admin's subscriber figures come from the payment and course services' events, kept here (no
 * cross-service query): the newest catalogue (`isNewerCatalogue`: by its version) says which products are membership plans and how often they
 * bill; paid orders, their refunds and the ends of their subscriptions say who pays for one now. Each
 * handler is idempotent and order-insensitive: a refund or an end that overtakes its payment is kept,
 * and the late payment then never counts.
 */
import {
  isNewerCatalogue,
  type CourseCataloguePublished,
  type PaymentOrderPaid,
  type PaymentOrderRefunded,
  type PaymentSubscriptionEnded,
} from '@platform/contracts';
import { findRow, type Executor } from '@platform/service-kit/db';
import { eq, sql } from 'drizzle-orm';
import { catalogueState, membershipProducts, paidOrders } from '../db/schema.js';

export async function applyCatalogue(tx: Executor, catalogue: CourseCataloguePublished): Promise<boolean> {
  const publishedAt = new Date(catalogue.publishedAt);
  const version = catalogue.version ?? null;
  const state = await findRow(tx, catalogueState, eq(catalogueState.id, 1), { lock: true });
  if (!isNewerCatalogue(catalogue, state)) return false;
  await tx
    .insert(catalogueState)
    .values({ id: 1, publishedAt, version })
    .onConflictDoUpdate({ target: catalogueState.id, set: { publishedAt, version } });
  await tx.delete(membershipProducts);
  const plans = catalogue.products.filter((product) => product.interval && product.intervalCount);
  if (plans.length > 0) {
    await tx.insert(membershipProducts).values(
      plans.map((product) => ({
        productId: product.id,
        billingInterval: product.interval!,
        billingIntervalCount: product.intervalCount!,
        publishedAt,
      })),
    );
  }
  return true;
}

export async function recordPaidOrder(tx: Executor, order: PaymentOrderPaid): Promise<void> {
  const values = {
    email: order.email.toLowerCase(),
    provider: order.provider,
    lines: order.lines,
    paidAt: new Date(order.paidAt),
  };
  await tx
    .insert(paidOrders)
    .values({ orderId: order.orderId, ...values })
    .onConflictDoUpdate({ target: paidOrders.orderId, set: values });
}

export async function recordRefundedOrder(tx: Executor, refund: PaymentOrderRefunded): Promise<void> {
  await recordOrderEnd(tx, refund, 'refundedAt', new Date(refund.refundedAt));
}

export async function recordEndedSubscription(tx: Executor, end: PaymentSubscriptionEnded): Promise<void> {
  await recordOrderEnd(tx, end, 'endedAt', new Date(end.endedAt));
}

/** Stamps when the order stopped paying, keeping the first time; a row is made when it overtook the payment. */
async function recordOrderEnd(
  tx: Executor,
  order: { orderId: string; email: string },
  column: 'refundedAt' | 'endedAt',
  at: Date,
): Promise<void> {
  await tx
    .insert(paidOrders)
    .values({ orderId: order.orderId, email: order.email.toLowerCase(), [column]: at })
    .onConflictDoUpdate({
      target: paidOrders.orderId,
      set: {
        [column]: sql`coalesce(${paidOrders[column]}, excluded.${sql.identifier(paidOrders[column].name)})`,
      },
    });
}

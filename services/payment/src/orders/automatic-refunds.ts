/**
 * Payments that were not needed are refunded by the payment service itself: the provider took the money,
 * but by then nothing (or less than the order) was due on its revenue report, because another payment got
 * there first (docs/behaviour/checkout-and-payments.md#paying-a-revenue-share), or the account already
 * owned the one-per-person product it bought (docs/behaviour/checkout-and-payments.md#one-per-person).
 * Either this service saw it at fulfilment (the order stays `paid`, never fulfilled), or the revenue
 * service refused to record the payment (`revenue.share-payment.refused`).
 *
 * A work queue of the kit: one row per order (a second request for the same order changes nothing), the
 * provider's refund retried with backoff (it is idempotent per order), then the order is `refunded` and
 * `payment.order.refunded` goes out with `automatic: true`, once, through the admin's refund path.
 */
import { findRow, type Executor } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import { schemaOf, wakeAfterCommit } from '@platform/service-kit/jobs';
import { REFUND_MESSAGES } from '@platform/contracts';
import { eq } from 'drizzle-orm';
import { automaticRefunds } from '../db/schema.js';
import { defineProviderQueue } from '../providers/provider-queue.js';
import type { PaymentDeps } from '../runtime.js';
import { findOrder } from './orders.repository.js';
import { refundThroughProvider } from './refund-order.js';

export const AUTOMATIC_REFUND_QUEUE = 'refund-unneeded-share-payments';

export type AutomaticRefundRow = typeof automaticRefunds.$inferSelect;

/** Queues the order's refund in the caller's transaction; false when it was queued before. */
export async function queueAutomaticRefund(
  tx: Executor,
  { orderId, reason, now }: { orderId: string; reason: string; now: Date },
): Promise<boolean> {
  const queued = await tx
    .insert(automaticRefunds)
    .values({ id: orderId, status: 'queued', reason, nextAttemptAt: now, requestedAt: now })
    .onConflictDoNothing()
    .returning({ id: automaticRefunds.id });
  if (queued.length === 0) return false;
  await wakeAfterCommit(tx, schemaOf(automaticRefunds), AUTOMATIC_REFUND_QUEUE);
  return true;
}

export async function findAutomaticRefund(db: Executor, orderId: string): Promise<AutomaticRefundRow | null> {
  return findRow(db, automaticRefunds, eq(automaticRefunds.id, orderId));
}

export function automaticRefundQueue(deps: PaymentDeps) {
  return defineProviderQueue({
    name: AUTOMATIC_REFUND_QUEUE,
    table: automaticRefunds,
    orderBy: [automaticRefunds.requestedAt],
    handle: async (item, { logger }) => {
      const order = await findOrder(deps.db, item.id);
      if (!order) throw new Error(`order ${item.id} of an automatic refund is missing`);
      if (order.status === 'refunded') {
        return { status: 'refunded' as const, refundedAt: order.refundedAt ?? deps.clock.now() };
      }
      try {
        const refunded = await refundThroughProvider(deps, order, {
          reason: `Automatic: ${item.reason}`,
          automatic: true,
        });
        logger.info({ orderId: order.id, reason: item.reason }, 'unneeded payment refunded');
        return { status: 'refunded' as const, refundedAt: refunded.refundedAt ?? deps.clock.now() };
      } catch (error) {
        // Refunded meanwhile by the admin: nothing left to do.
        if (error instanceof AppError && error.message === REFUND_MESSAGES.alreadyRefunded) {
          return { status: 'refunded' as const, refundedAt: deps.clock.now() };
        }
        throw error;
      }
    },
  });
}

/**
 * `revenue.share-payment.refused` → the revenue service could not record a paid share order (nothing, or
 * less than it paid, was due by then): the order is queued for its automatic refund, once.
 */
import { defineSubscription } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { PaymentConfig } from '../config.js';
import { queueAutomaticRefund } from '../orders/automatic-refunds.js';
import { lockOrder } from '../orders/orders.repository.js';

export function sharePaymentRefusedSubscription(deps: ServiceDeps<PaymentConfig>) {
  return defineSubscription({
    subject: 'revenue.share-payment.refused',
    handler: async (event, { tx, logger }) => {
      const { orderId, reason } = event.data;
      const order = await lockOrder(tx, orderId);
      if (!order || order.revenueReportId !== event.data.reportId) {
        logger.warn({ orderId, reportId: event.data.reportId }, 'refused share payment names no share order');
        return;
      }
      if (order.status !== 'paid' && order.status !== 'fulfilled') {
        logger.info({ orderId, status: order.status }, 'refused share payment needs no refund');
        return;
      }
      const now = deps.clock.now();
      const queued = await queueAutomaticRefund(tx, {
        orderId,
        reason: `the revenue service refused the payment (${reason})`,
        now,
      });
      logger.warn({ orderId, reason, queued }, 'revenue service refused a share payment; refunding it');
    },
  });
}

/**
 * Online payments of revenue shares (docs/decisions.md, 28): `payment.order.paid` and
 * `payment.order.refunded` for orders that carry a `revenueReportId` record and remove the payment on its
 * report (payments/). A durable of their own (`name`), beside the membership stats' handlers of the same
 * subjects, so each keeps its own inbox and either may lag without holding up the other.
 */
import { defineSubscription } from '@platform/service-kit/events';
import { REQUEST_ID_HEADER } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { RevenueConfig } from '../config.js';
import { recordOnlineSharePayment } from '../payments/record-online-payment.js';
import { reverseOnlineSharePayment } from '../payments/reverse-online-payment.js';

export function sharePaymentSubscriptions(deps: ServiceDeps<RevenueConfig>) {
  return [
    defineSubscription({
      subject: 'payment.order.paid',
      name: 'share-payments',
      handler: async (event, { tx, logger, headers }) => {
        await recordOnlineSharePayment(tx, event.data, {
          clock: deps.clock,
          logger,
          requestId: headers[REQUEST_ID_HEADER],
        });
      },
    }),
    defineSubscription({
      subject: 'payment.order.refunded',
      name: 'share-payments',
      handler: async (event, { tx, logger, headers }) => {
        await reverseOnlineSharePayment(tx, event.data, {
          clock: deps.clock,
          logger,
          requestId: headers[REQUEST_ID_HEADER],
        });
      },
    }),
  ];
}

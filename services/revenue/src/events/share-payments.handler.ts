/**
 * Online payments of revenue shares (docs/decisions.md, 28): `payment.order.paid` and
 * `payment.order.refunded` for orders that carry a `revenueReportId` record and remove the payment on its
 * report (payments/). A durable of their own (`name`), beside the membership stats' handlers of the same
 * subjects, so each keeps its own inbox and either may lag without holding up the other.
 */
import type { EventData } from '@platform/contracts';
import type { Clock } from '@platform/service-kit/clock';
import type { Executor } from '@platform/service-kit/db';
import { defineSubscription } from '@platform/service-kit/events';
import { REQUEST_ID_HEADER } from '@platform/service-kit/identity';
import type { Logger } from '@platform/service-kit/logger';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { RevenueConfig } from '../config.js';
import { recordOnlineSharePayment } from '../payments/record-online-payment.js';
import { reverseOnlineSharePayment } from '../payments/reverse-online-payment.js';

type OrderSubject = 'payment.order.paid' | 'payment.order.refunded';

export function sharePaymentSubscriptions(deps: ServiceDeps<RevenueConfig>) {
  /** Hands the order's event to `apply` with the service clock and the request id it carries. */
  const sharePayments = <T extends OrderSubject>(
    subject: T,
    apply: (
      tx: Executor,
      order: EventData<T>,
      options: { clock: Clock; logger: Logger; requestId?: string },
    ) => Promise<unknown>,
  ) =>
    defineSubscription<OrderSubject>({
      subject,
      name: 'share-payments',
      handler: async (event, { tx, logger, headers }) => {
        await apply(tx, event.data as EventData<T>, {
          clock: deps.clock,
          logger,
          requestId: headers[REQUEST_ID_HEADER],
        });
      },
    });
  return [
    sharePayments('payment.order.paid', recordOnlineSharePayment),
    sharePayments('payment.order.refunded', reverseOnlineSharePayment),
  ];
}

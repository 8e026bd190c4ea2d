/**
 * A subscription to a payment order's event that changes membership. An order that pays a revenue share
 * (`revenueReportId`, docs/decisions.md, 28) buys no product: there is no membership to change for it (the
 * revenue service records the payment).
 */
import type { EventData, EventEnvelope } from '@platform/contracts';
import {
  defineSubscription,
  type EventHandlerContext,
  type SubscriptionDefinition,
} from '@platform/service-kit/events';

type OrderEventType = 'payment.order.paid' | 'payment.order.refunded';

export function productOrderSubscription<T extends OrderEventType>(
  subject: T,
  change: 'grant' | 'revoke',
  apply: (event: EventEnvelope<EventData<T>>, context: EventHandlerContext) => Promise<unknown>,
): SubscriptionDefinition {
  return defineSubscription<OrderEventType>({
    subject,
    handler: async (event, context) => {
      if (event.data.revenueReportId) {
        context.logger.info(
          { orderId: event.data.orderId },
          `revenue-share order: no membership to ${change}`,
        );
        return;
      }
      await apply(event as EventEnvelope<EventData<T>>, context);
    },
  });
}

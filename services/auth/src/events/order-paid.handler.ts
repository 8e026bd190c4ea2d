/**
 * `payment.order.paid` → find or create the buyer's account and make it a paid member, once per event. An
 * order that pays a revenue share (`revenueReportId`, docs/decisions.md, 28) buys no product: it grants
 * nothing (the revenue service records the payment).
 */
import { defineSubscription } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { AuthConfig } from '../config.js';
import { grantMembership } from '../membership/grant-membership.js';

export function orderPaidSubscription(deps: ServiceDeps<AuthConfig>) {
  return defineSubscription({
    subject: 'payment.order.paid',
    handler: async (event, { tx, logger, headers }) => {
      if (event.data.revenueReportId) {
        logger.info({ orderId: event.data.orderId }, 'revenue-share order: no membership to grant');
        return;
      }
      await grantMembership(deps, { tx, event, headers, logger });
    },
  });
}

/**
 * `payment.order.refunded` → revoke what the order granted, once per event. A revenue share's order
 * (`revenueReportId`) granted nothing, so there is nothing to revoke.
 */
import { defineSubscription } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { AuthConfig } from '../config.js';
import { revokeMembership } from '../membership/revoke-membership.js';

export function orderRefundedSubscription(deps: ServiceDeps<AuthConfig>) {
  return defineSubscription({
    subject: 'payment.order.refunded',
    handler: async (event, { tx, logger, headers }) => {
      if (event.data.revenueReportId) {
        logger.info({ orderId: event.data.orderId }, 'revenue-share order: no membership to revoke');
        return;
      }
      await revokeMembership(deps, { tx, event, headers, logger });
    },
  });
}

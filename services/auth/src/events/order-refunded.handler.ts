/** `payment.order.refunded` → revoke what the order granted, once per event. */
import { defineSubscription, type ServiceDeps } from '@platform/service-kit';
import type { AuthConfig } from '../config.js';
import { revokeMembership } from '../membership/revoke-membership.js';

export function orderRefundedSubscription(deps: ServiceDeps<AuthConfig>) {
  return defineSubscription({
    subject: 'payment.order.refunded',
    handler: async (event, { tx, logger, headers }) => {
      await revokeMembership(deps, { tx, event, headers, logger });
    },
  });
}

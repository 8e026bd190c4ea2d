/** `payment.order.paid` → find or create the buyer's account and make it a paid member, once per event. */
import { defineSubscription, type ServiceDeps } from '@platform/service-kit';
import type { AuthConfig } from '../config.js';
import { grantMembership } from '../membership/grant-membership.js';

export function orderPaidSubscription(deps: ServiceDeps<AuthConfig>) {
  return defineSubscription({
    subject: 'payment.order.paid',
    handler: async (event, { tx, logger, headers }) => {
      await grantMembership(deps, { tx, event, headers, logger });
    },
  });
}

/** `payment.subscription.ended` → revoke what the order granted, like a refund, once per event. */
import { defineSubscription } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { AuthConfig } from '../config.js';
import { revokeMembership } from '../membership/revoke-membership.js';

export function subscriptionEndedSubscription(deps: ServiceDeps<AuthConfig>) {
  return defineSubscription({
    subject: 'payment.subscription.ended',
    handler: async (event, { tx, logger, headers }) => {
      await revokeMembership(deps, { tx, event, headers, logger });
    },
  });
}

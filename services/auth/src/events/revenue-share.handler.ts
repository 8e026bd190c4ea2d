/**
 * The revenue service's event auth reacts to, once each: the owner's consent (consent fields, plan status,
 * membership). The owner's standing and the reminders sent are the revenue service's own
 * (docs/decisions/0075-each-service-owns-its-domain-s-state.md).
 */
import { defineSubscription } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { AuthConfig } from '../config.js';
import { joinRevenueShare } from '../revenue-share/join-revenue-share.js';

export function revenueShareSubscriptions(deps: ServiceDeps<AuthConfig>) {
  return [
    defineSubscription({
      subject: 'revenue.plan.consented',
      handler: async (event, { tx, logger, headers }) => {
        await joinRevenueShare(deps, { tx, event, headers, logger });
      },
    }),
  ];
}

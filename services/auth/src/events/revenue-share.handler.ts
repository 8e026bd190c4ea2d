/**
 * The revenue service's events, once each: the owner's consent (consent fields, plan status, membership),
 * their standing in the ledger (`rs_blocked` set and lifted), and the consultation nudges sent.
 */
import { defineSubscription } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { AuthConfig } from '../config.js';
import { followCustomerStatus } from '../revenue-share/follow-customer-status.js';
import { joinRevenueShare } from '../revenue-share/join-revenue-share.js';
import { recordReminder } from '../revenue-share/record-reminder.js';

export function revenueShareSubscriptions(deps: ServiceDeps<AuthConfig>) {
  return [
    defineSubscription({
      subject: 'revenue.plan.consented',
      handler: async (event, { tx, logger, headers }) => {
        await joinRevenueShare(deps, { tx, event, headers, logger });
      },
    }),
    defineSubscription({
      subject: 'revenue.customer.status-changed',
      handler: async (event, { tx, logger, headers }) => {
        await followCustomerStatus(deps, { tx, event, headers, logger });
      },
    }),
    defineSubscription({
      subject: 'revenue.reminder.requested',
      handler: async (event, { tx }) => {
        await recordReminder(tx, event.data);
      },
    }),
  ];
}

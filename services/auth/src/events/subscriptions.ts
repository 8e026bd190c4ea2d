/** Every event the auth service reacts to, in one place. */
import type { SubscriptionDefinition } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { AuthConfig } from '../config.js';
import { consultationProgressSubscriptions } from './consultation-progress.handler.js';
import { orderPaidSubscription } from './order-paid.handler.js';
import { orderRefundedSubscription } from './order-refunded.handler.js';
import { revenueShareSubscriptions } from './revenue-share.handler.js';
import { subscriptionEndedSubscription } from './subscription-ended.handler.js';
import { teamMemberInvitedSubscription } from './team-member-invited.handler.js';

export function authSubscriptions(deps: ServiceDeps<AuthConfig>): SubscriptionDefinition[] {
  return [
    orderPaidSubscription(deps),
    orderRefundedSubscription(deps),
    subscriptionEndedSubscription(deps),
    teamMemberInvitedSubscription(deps),
    ...consultationProgressSubscriptions(deps),
    ...revenueShareSubscriptions(deps),
  ];
}

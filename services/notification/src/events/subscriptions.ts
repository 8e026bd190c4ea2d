/** Every event the notification service reacts to, in one place. */
import type { SubscriptionDefinition } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import { erasedUserSubscription } from '../account-data/erased-users.js';
import type { NotificationConfig } from '../config.js';
import { consultationMailSubscriptions } from './consultation-mail.handler.js';
import { expiringLinkMailSubscriptions } from './expiring-link-mail.handler.js';
import { learningMailSubscriptions } from './learning-mail.handler.js';
import { memberGrantedSubscription } from './member-granted.handler.js';
import { nudgeMailSubscriptions } from './nudge-mail.handler.js';
import { oneMailSubscriptions } from './one-mail.handler.js';
import { orderPaidSubscriptions } from './order-paid.handler.js';
import { planMailSubscriptions } from './plan-mail.handler.js';
import { revenueAgreementSubscription } from './revenue-agreement-mail.handler.js';
import { revenueDisputeSubscription } from './revenue-dispute-mail.handler.js';
import { revenuePlanLeftSubscription } from './revenue-plan-left-mail.handler.js';

export function notificationSubscriptions(deps: ServiceDeps<NotificationConfig>): SubscriptionDefinition[] {
  return [
    erasedUserSubscription(deps),
    ...expiringLinkMailSubscriptions(deps),
    ...oneMailSubscriptions(deps),
    ...orderPaidSubscriptions(deps),
    memberGrantedSubscription(deps),
    ...consultationMailSubscriptions(deps),
    revenueDisputeSubscription(deps),
    revenuePlanLeftSubscription(deps),
    revenueAgreementSubscription(deps),
    ...learningMailSubscriptions(deps),
    ...nudgeMailSubscriptions(deps),
    ...planMailSubscriptions(deps),
  ];
}

/** Every event the notification service reacts to, in one place. */
import type { SubscriptionDefinition } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { NotificationConfig } from '../config.js';
import { consultationMailSubscriptions } from './consultation-mail.handler.js';
import { emailChangeRequestedSubscription } from './email-change-requested.handler.js';
import { learningMailSubscriptions } from './learning-mail.handler.js';
import { memberGrantedSubscription } from './member-granted.handler.js';
import { nudgeMailSubscriptions } from './nudge-mail.handler.js';
import { orderPaidSubscription } from './order-paid.handler.js';
import { orderRefundedSubscription } from './order-refunded.handler.js';
import { passwordResetRequestedSubscription } from './password-reset-requested.handler.js';
import { revenueDisputeSubscription } from './revenue-dispute-mail.handler.js';
import { revenueReminderSubscription } from './revenue-mail.handler.js';
import { userRegisteredSubscription } from './user-registered.handler.js';

export function notificationSubscriptions(deps: ServiceDeps<NotificationConfig>): SubscriptionDefinition[] {
  return [
    passwordResetRequestedSubscription(deps),
    emailChangeRequestedSubscription(deps),
    userRegisteredSubscription(deps),
    orderPaidSubscription(deps),
    memberGrantedSubscription(deps),
    orderRefundedSubscription(deps),
    ...consultationMailSubscriptions(deps),
    revenueReminderSubscription(deps),
    revenueDisputeSubscription(deps),
    ...learningMailSubscriptions(deps),
    ...nudgeMailSubscriptions(deps),
  ];
}

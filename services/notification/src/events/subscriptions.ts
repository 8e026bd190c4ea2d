/** Every event the notification service reacts to, in one place. */
import type { ServiceDeps, SubscriptionDefinition } from '@platform/service-kit';
import type { NotificationConfig } from '../config.js';
import { deliveryWorkerFor } from '../messages/mail-delivery.js';
import { consultationMailSubscriptions } from './consultation-mail.handler.js';
import { memberGrantedSubscription } from './member-granted.handler.js';
import { orderPaidSubscription } from './order-paid.handler.js';
import { orderRefundedSubscription } from './order-refunded.handler.js';
import { passwordResetRequestedSubscription } from './password-reset-requested.handler.js';
import { userRegisteredSubscription } from './user-registered.handler.js';

export function notificationSubscriptions(deps: ServiceDeps<NotificationConfig>): SubscriptionDefinition[] {
  const wakeDelivery = () => deliveryWorkerFor(deps).wake();
  return [
    passwordResetRequestedSubscription(deps, wakeDelivery),
    userRegisteredSubscription(deps, wakeDelivery),
    orderPaidSubscription(deps, wakeDelivery),
    memberGrantedSubscription(deps, wakeDelivery),
    orderRefundedSubscription(deps, wakeDelivery),
    ...consultationMailSubscriptions(deps, wakeDelivery),
  ];
}

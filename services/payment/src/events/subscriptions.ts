/** Every event the payment service reacts to, in one place. */
import type { SubscriptionDefinition } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { PaymentConfig } from '../config.js';
import { cataloguePublishedSubscription } from './catalogue-published.handler.js';
import { shareDueChangedSubscription } from './share-due-changed.handler.js';
import { sharePaymentRefusedSubscription } from './share-payment-refused.handler.js';

export function paymentSubscriptions(deps: ServiceDeps<PaymentConfig>): SubscriptionDefinition[] {
  return [
    cataloguePublishedSubscription(deps),
    shareDueChangedSubscription(deps),
    sharePaymentRefusedSubscription(deps),
  ];
}

/** Every event the payment service reacts to, in one place. */
import type { SubscriptionDefinition } from '@platform/service-kit/events';
import type { PaymentDeps } from '../runtime.js';
import { collectShareSubscription } from '../saved-cards/collect-share.handler.js';
import { cataloguePublishedSubscription } from './catalogue-published.handler.js';
import { shareDueChangedSubscription } from './share-due-changed.handler.js';
import { sharePaymentRefusedSubscription } from './share-payment-refused.handler.js';

export function paymentSubscriptions(deps: PaymentDeps): SubscriptionDefinition[] {
  return [
    cataloguePublishedSubscription(deps),
    shareDueChangedSubscription(deps),
    sharePaymentRefusedSubscription(deps),
    collectShareSubscription(deps),
  ];
}

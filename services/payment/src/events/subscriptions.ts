/** Every event the payment service reacts to, in one place. */
import type { ServiceDeps, SubscriptionDefinition } from '@platform/service-kit';
import type { PaymentConfig } from '../config.js';
import { cataloguePublishedSubscription } from './catalogue-published.handler.js';

export function paymentSubscriptions(deps: ServiceDeps<PaymentConfig>): SubscriptionDefinition[] {
  return [cataloguePublishedSubscription(deps)];
}

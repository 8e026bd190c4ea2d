/** Every event the payment service reacts to, in one place. */
import type { ServiceDeps, SubscriptionDefinition } from '@platform/service-kit';
import type { PaymentConfig } from '../config.js';

export function paymentSubscriptions(_deps: ServiceDeps<PaymentConfig>): SubscriptionDefinition[] {
  return [];
}

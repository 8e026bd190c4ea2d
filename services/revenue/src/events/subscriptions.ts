/** Every event the revenue service reacts to, in one place. */
import type { SubscriptionDefinition } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { RevenueConfig } from '../config.js';
import { cardOnFileSubscription } from '../collection/cards-on-file.js';
import { collectionFailedSubscription } from '../collection/collection-failed.handler.js';
import { membershipSubscriptions } from './membership.handler.js';
import { ownerProfileSubscription } from './owner-profile.handler.js';
import { sharePaymentSubscriptions } from './share-payments.handler.js';

export function revenueSubscriptions(deps: ServiceDeps<RevenueConfig>): SubscriptionDefinition[] {
  return [
    ownerProfileSubscription(deps),
    ...membershipSubscriptions(),
    ...sharePaymentSubscriptions(deps),
    collectionFailedSubscription(deps),
    cardOnFileSubscription(),
  ];
}

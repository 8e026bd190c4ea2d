/** Every event the revenue service reacts to, in one place. */
import type { ServiceDeps, SubscriptionDefinition } from '@platform/service-kit';
import type { RevenueConfig } from '../config.js';
import { membershipSubscriptions } from './membership.handler.js';
import { ownerProfileSubscription } from './owner-profile.handler.js';

export function revenueSubscriptions(_deps: ServiceDeps<RevenueConfig>): SubscriptionDefinition[] {
  return [ownerProfileSubscription(), ...membershipSubscriptions()];
}

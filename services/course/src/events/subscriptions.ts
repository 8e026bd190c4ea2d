/** Every event the course service reacts to, in one place. */
import type { SubscriptionDefinition } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import { userRegisteredSubscription } from '../certificates/learner-names.handler.js';
import type { CourseConfig } from '../config.js';
import { customerStatusChangedSubscription } from './customer-status-changed.handler.js';
import { memberGrantedSubscription } from './member-granted.handler.js';
import { memberRevokedSubscription } from './member-revoked.handler.js';
import { planConsentedSubscription } from './plan-consented.handler.js';
import { planPausedSubscription, planResumedSubscription } from './plan-paused.handler.js';
import { teamMemberPreparedSubscription } from './team-member-prepared.handler.js';
import { userStatusChangedSubscription } from './user-status-changed.handler.js';

export function courseSubscriptions(_deps: ServiceDeps<CourseConfig>): SubscriptionDefinition[] {
  return [
    memberGrantedSubscription(),
    memberRevokedSubscription(),
    userStatusChangedSubscription(),
    planConsentedSubscription(),
    userRegisteredSubscription(),
    customerStatusChangedSubscription(),
    teamMemberPreparedSubscription(),
    planPausedSubscription(),
    planResumedSubscription(),
  ];
}

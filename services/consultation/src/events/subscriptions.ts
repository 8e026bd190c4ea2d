/** Every event the consultation service reacts to, in one place. */
import type { SubscriptionDefinition } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { ConsultationConfig } from '../config.js';

export function consultationSubscriptions(_deps: ServiceDeps<ConsultationConfig>): SubscriptionDefinition[] {
  return [];
}

/** Every event the consultation service reacts to, in one place. */
import type { ServiceDeps, SubscriptionDefinition } from '@platform/service-kit';
import type { ConsultationConfig } from '../config.js';

export function consultationSubscriptions(_deps: ServiceDeps<ConsultationConfig>): SubscriptionDefinition[] {
  return [];
}

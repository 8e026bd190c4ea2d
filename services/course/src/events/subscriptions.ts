/** Every event the course service reacts to, in one place. */
import type { ServiceDeps, SubscriptionDefinition } from '@platform/service-kit';
import type { CourseConfig } from '../config.js';

export function courseSubscriptions(_deps: ServiceDeps<CourseConfig>): SubscriptionDefinition[] {
  return [];
}

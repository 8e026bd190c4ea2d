/** Every event the auth service reacts to, in one place. */
import type { ServiceDeps, SubscriptionDefinition } from '@platform/service-kit';
import type { AuthConfig } from '../config.js';

export function authSubscriptions(_deps: ServiceDeps<AuthConfig>): SubscriptionDefinition[] {
  return [];
}

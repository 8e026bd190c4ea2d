/** The notification config as a test needs it: a valid secret plus whatever the test sets. */
import { loadConfig } from '@platform/service-kit/config';
import { notificationConfigSchema, type NotificationConfig } from '../config.js';

export function loadTestConfig(env: Record<string, string | undefined> = {}): NotificationConfig {
  return loadConfig(notificationConfigSchema, { INTERNAL_TOKEN_SECRET: 'x'.repeat(32), ...env });
}

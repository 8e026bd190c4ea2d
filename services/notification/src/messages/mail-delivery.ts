/** The notification service's jobs: the mail delivery queue, sending through the configured transport. */
import type { JobDefinition } from '@platform/service-kit/jobs';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { NotificationConfig } from '../config.js';
import { mailDeliveryQueue } from './delivery-worker.js';
import { createMailTransport } from './mail-transport.js';

export function notificationJobs(deps: ServiceDeps<NotificationConfig>): JobDefinition[] {
  const transport = createMailTransport(deps.config, deps.logger.child({ component: 'mail-delivery' }));
  deps.logger.info(
    { transport: deps.config.SMTP_URL ? 'smtp' : 'log', from: deps.config.MAIL_FROM },
    deps.config.SMTP_URL
      ? 'mail delivery started (SMTP)'
      : 'mail delivery started (delivery log only: no SMTP_URL)',
  );
  return [mailDeliveryQueue({ transport, clock: deps.clock })];
}

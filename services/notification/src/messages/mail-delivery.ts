/**
 * One delivery worker per running service instance, shared by what `onStart` starts and what the
 * subscriptions wake (both only get the service's deps, so the worker is looked up by them).
 */
import type { ServiceDeps } from '@platform/service-kit';
import type { NotificationConfig } from '../config.js';
import { DeliveryWorker } from './delivery-worker.js';
import { createMailTransport } from './mail-transport.js';

const workers = new WeakMap<ServiceDeps<NotificationConfig>, DeliveryWorker>();

export function deliveryWorkerFor(deps: ServiceDeps<NotificationConfig>): DeliveryWorker {
  let worker = workers.get(deps);
  if (!worker) {
    const logger = deps.logger.child({ component: 'mail-delivery' });
    worker = new DeliveryWorker({
      db: deps.db,
      transport: createMailTransport(deps.config, logger),
      clock: deps.clock,
      logger,
    });
    workers.set(deps, worker);
  }
  return worker;
}

/** Started with the service; the returned function stops it (and closes the transport) on shutdown. */
export function startMailDelivery(deps: ServiceDeps<NotificationConfig>): () => Promise<void> {
  const worker = deliveryWorkerFor(deps);
  worker.start();
  deps.logger.info(
    { transport: deps.config.SMTP_URL ? 'smtp' : 'log', from: deps.config.MAIL_FROM },
    deps.config.SMTP_URL
      ? 'mail delivery started (SMTP)'
      : 'mail delivery started (delivery log only: no SMTP_URL)',
  );
  return () => worker.stop();
}

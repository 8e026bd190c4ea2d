import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineService } from '@platform/service-kit';
import { paymentConfigSchema, type PaymentConfig } from './config.js';
import { inboxEvents, outboxEvents } from './db/schema.js';
import { paymentSubscriptions } from './events/subscriptions.js';
import { startReconciliation } from './orders/reconcile-pending-orders.js';
import { paymentPublicRoutes, paymentRoutes } from './routes.js';
import { startPaymentRuntime, stopPaymentRuntime } from './runtime.js';

export const paymentService = defineService<PaymentConfig>({
  name: 'payment',
  configSchema: paymentConfigSchema,
  migrationsFolder: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'drizzle'),
  tables: { outbox: outboxEvents, inbox: inboxEvents },
  usesStorage: false,
  subscriptions: paymentSubscriptions,
  routes: paymentRoutes,
  publicRoutes: paymentPublicRoutes,
  onStart: async (deps) => {
    startPaymentRuntime(deps);
    const stopReconciliation = startReconciliation(deps);
    return async () => {
      await stopReconciliation();
      stopPaymentRuntime(deps);
    };
  },
});

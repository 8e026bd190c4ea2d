import { defineService, migrationsFolderOf } from '@platform/service-kit/runtime';
import { paymentConfigSchema, type PaymentConfig } from './config.js';
import { paymentMetrics } from './metrics.js';
import { inboxEvents, jobs, outboxEvents } from './db/schema.js';
import { paymentSubscriptions } from './events/subscriptions.js';
import { automaticRefundQueue } from './orders/automatic-refunds.js';
import { reconciliationJob } from './orders/reconcile-pending-orders.js';
import { planInstalmentsJob } from './payment-plans/charge-instalments.js';
import { shareCollectionChargeQueue } from './saved-cards/share-collection-charges.js';
import { paymentPublicRoutes, paymentRoutes } from './routes.js';
import { startPaymentRuntime, type PaymentRuntime } from './runtime.js';
import { paymentPersonalData } from './account-data/personal-data.js';

export const paymentService = defineService<PaymentConfig, PaymentRuntime>({
  name: 'payment',
  configSchema: paymentConfigSchema,
  migrationsFolder: migrationsFolderOf(import.meta.url),
  tables: { outbox: outboxEvents, inbox: inboxEvents, jobs },
  usesStorage: false,
  subscriptions: paymentSubscriptions,
  routes: paymentRoutes,
  personalData: paymentPersonalData,
  publicRoutes: paymentPublicRoutes,
  jobs: (deps) => [
    reconciliationJob(deps),
    automaticRefundQueue(deps),
    planInstalmentsJob(deps),
    shareCollectionChargeQueue(deps),
  ],
  metrics: paymentMetrics,
  // The providers: handed to the routes and jobs as `deps.runtime`; they hold nothing to close.
  onStart: async (deps) => ({ runtime: startPaymentRuntime(deps) }),
});

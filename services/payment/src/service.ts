import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineService } from '@platform/service-kit';
import { paymentConfigSchema, type PaymentConfig } from './config.js';
import { inboxEvents, outboxEvents } from './db/schema.js';
import { paymentSubscriptions } from './events/subscriptions.js';
import { paymentRoutes } from './routes.js';

export const paymentService = defineService<PaymentConfig>({
  name: 'payment',
  configSchema: paymentConfigSchema,
  migrationsFolder: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'drizzle'),
  tables: { outbox: outboxEvents, inbox: inboxEvents },
  usesStorage: false,
  subscriptions: paymentSubscriptions,
  routes: paymentRoutes,
});

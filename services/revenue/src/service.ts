import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineService } from '@platform/service-kit';
import { revenueConfigSchema, type RevenueConfig } from './config.js';
import { inboxEvents, outboxEvents } from './db/schema.js';
import { revenueSubscriptions } from './events/subscriptions.js';
import { revenueRoutes } from './routes.js';

export const revenueService = defineService<RevenueConfig>({
  name: 'revenue',
  configSchema: revenueConfigSchema,
  migrationsFolder: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'drizzle'),
  tables: { outbox: outboxEvents, inbox: inboxEvents },
  usesStorage: false,
  subscriptions: revenueSubscriptions,
  routes: revenueRoutes,
});

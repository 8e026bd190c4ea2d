import { defineService, migrationsFolderOf } from '@platform/service-kit/runtime';
import { revenueConfigSchema, type RevenueConfig } from './config.js';
import { inboxEvents, jobs, outboxEvents } from './db/schema.js';
import { revenueSubscriptions } from './events/subscriptions.js';
import { revenueJobs } from './jobs.js';
import { revenueMetrics } from './metrics.js';
import { revenueRoutes } from './routes.js';
import { revenuePersonalData } from './account-data/personal-data.js';

export const revenueService = defineService<RevenueConfig>({
  name: 'revenue',
  configSchema: revenueConfigSchema,
  migrationsFolder: migrationsFolderOf(import.meta.url),
  tables: { outbox: outboxEvents, inbox: inboxEvents, jobs },
  usesStorage: true,
  subscriptions: revenueSubscriptions,
  routes: revenueRoutes,
  personalData: revenuePersonalData,
  jobs: revenueJobs,
  metrics: revenueMetrics,
});

import { defineService, migrationsFolderOf } from '@platform/service-kit/runtime';
import { consultationConfigSchema, type ConsultationConfig } from './config.js';
import { inboxEvents, jobs, outboxEvents, rateLimits } from './db/schema.js';
import { consultationSubscriptions } from './events/subscriptions.js';
import { consultationRoutes } from './routes.js';
import { expireConsultationUploadsJob } from './uploads/resumable-uploads.js';
import { consultationPersonalData } from './account-data/personal-data.js';

export const consultationService = defineService<ConsultationConfig>({
  name: 'consultation',
  configSchema: consultationConfigSchema,
  migrationsFolder: migrationsFolderOf(import.meta.url),
  tables: { outbox: outboxEvents, inbox: inboxEvents, jobs, rateLimits },
  usesStorage: true,
  subscriptions: consultationSubscriptions,
  routes: consultationRoutes,
  personalData: consultationPersonalData,
  jobs: (deps) => [expireConsultationUploadsJob(deps)],
});

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineService } from '@platform/service-kit';
import { consultationConfigSchema, type ConsultationConfig } from './config.js';
import { inboxEvents, jobs, outboxEvents } from './db/schema.js';
import { consultationSubscriptions } from './events/subscriptions.js';
import { rateLimitCleanupJob } from './http/rate-limits.js';
import { consultationRoutes } from './routes.js';

export const consultationService = defineService<ConsultationConfig>({
  name: 'consultation',
  configSchema: consultationConfigSchema,
  migrationsFolder: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'drizzle'),
  tables: { outbox: outboxEvents, inbox: inboxEvents, jobs },
  usesStorage: true,
  subscriptions: consultationSubscriptions,
  routes: consultationRoutes,
  jobs: (deps) => [rateLimitCleanupJob(deps)],
});

import { defineService, migrationsFolderOf } from '@platform/service-kit/runtime';
import { notificationConfigSchema, type NotificationConfig } from './config.js';
import { inboxEvents, outboxEvents } from './db/schema.js';
import { notificationSubscriptions } from './events/subscriptions.js';
import { notificationJobs } from './messages/mail-delivery.js';
import { notificationRoutes } from './routes.js';
import { notificationPersonalData } from './account-data/personal-data.js';

export const notificationService = defineService<NotificationConfig>({
  name: 'notification',
  configSchema: notificationConfigSchema,
  migrationsFolder: migrationsFolderOf(import.meta.url),
  tables: { outbox: outboxEvents, inbox: inboxEvents },
  usesStorage: false,
  subscriptions: notificationSubscriptions,
  routes: notificationRoutes,
  personalData: notificationPersonalData,
  jobs: notificationJobs,
});

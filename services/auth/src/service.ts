import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineService } from '@platform/service-kit';
import { bootstrapAdmin } from './accounts/bootstrap-admin.js';
import { authConfigSchema, type AuthConfig } from './config.js';
import { inboxEvents, outboxEvents } from './db/schema.js';
import { authSubscriptions } from './events/subscriptions.js';
import { authRoutes } from './routes.js';
import { startAuthRuntime } from './runtime.js';

export const authService = defineService<AuthConfig>({
  name: 'auth',
  configSchema: authConfigSchema,
  migrationsFolder: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'drizzle'),
  tables: { outbox: outboxEvents, inbox: inboxEvents },
  usesStorage: false,
  subscriptions: authSubscriptions,
  routes: authRoutes,
  onStart: async (deps) => {
    const { stop } = await startAuthRuntime(deps);
    try {
      await bootstrapAdmin(deps);
    } catch (error) {
      await stop();
      throw error;
    }
    return stop;
  },
});

import { defineService, migrationsFolderOf } from '@platform/service-kit/runtime';
import { authPersonalData } from './account-data/personal-data.js';
import { bootstrapAdmin } from './accounts/bootstrap-admin.js';
import { authConfigSchema, type AuthConfig } from './config.js';
import { inboxEvents, jobs, outboxEvents, rateLimits } from './db/schema.js';
import { authSubscriptions } from './events/subscriptions.js';
import { authRoutes } from './routes.js';
import { startAuthRuntime, type AuthRuntime } from './runtime.js';

export const authService = defineService<AuthConfig, AuthRuntime>({
  name: 'auth',
  configSchema: authConfigSchema,
  migrationsFolder: migrationsFolderOf(import.meta.url),
  tables: { outbox: outboxEvents, inbox: inboxEvents, jobs, rateLimits },
  usesStorage: false,
  subscriptions: authSubscriptions,
  routes: authRoutes,
  personalData: authPersonalData,
  onStart: async (deps) => {
    const { runtime, stop } = await startAuthRuntime(deps);
    try {
      await bootstrapAdmin(deps, runtime.passwords);
    } catch (error) {
      // The start's own error is the one to report, whatever stopping says.
      await stop().catch((stopError: unknown) =>
        deps.logger.error({ err: stopError }, 'could not stop the auth runtime after a failed start'),
      );
      throw error;
    }
    return { runtime, stop };
  },
});

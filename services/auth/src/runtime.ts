/**
 * What the auth service holds while it runs besides its database: the password hasher (and its worker
 * threads), the sign-in limits (and the Redis connection behind them) and the OpenID Connect client.
 * Built once in `onStart` (service.ts); the kit hands it to the routes as `deps.runtime`.
 */
import type { ServiceDeps } from '@platform/service-kit';
import { Redis } from 'ioredis';
import { createPasswordHasher, type PasswordHasher } from './accounts/password-hash.js';
import { passwordCostOf, type AuthConfig } from './config.js';
import { createOidcClient, oidcSettingsFrom, type OidcClient } from './oidc/oidc-client.js';
import { createSignInLimits, type SignInLimits } from './sign-in-limits/sign-in-limits.js';

export interface AuthRuntime {
  passwords: PasswordHasher;
  limits: SignInLimits;
  /** Null when no provider is configured. */
  oidc: OidcClient | null;
}

/** What the auth service's routes and subscriptions are handed: the kit's parts and the runtime. */
export type AuthDeps = ServiceDeps<AuthConfig, AuthRuntime>;

export async function startAuthRuntime(
  deps: ServiceDeps<AuthConfig>,
): Promise<{ runtime: AuthRuntime; stop: () => Promise<void> }> {
  const { config, logger } = deps;
  let redis: Redis | undefined;
  if (config.REDIS_URL) {
    redis = new Redis(config.REDIS_URL, {
      lazyConnect: true,
      // Fail fast while disconnected: the limits fall back to memory instead of waiting.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 5_000,
      // How long stop() waits for the socket to close (ioredis waits 2 s, even for a dead one).
      disconnectTimeout: 500,
    });
    let reported = false;
    redis.on('error', (error: Error) => {
      if (!reported) logger.warn({ err: error }, 'Redis unavailable; sign-in limits use memory meanwhile');
      reported = true;
    });
    redis.on('ready', () => {
      if (reported) logger.info('Redis is back; sign-in limits are shared again');
      reported = false;
    });
    await redis.connect().catch(() => undefined);
  }
  const runtime: AuthRuntime = {
    passwords: createPasswordHasher(passwordCostOf(config)),
    limits: createSignInLimits({
      maxConsecutiveFailures: config.LOGIN_MAX_CONSECUTIVE_FAILURES,
      maxFailuresPerAddressPerDay: config.LOGIN_MAX_FAILURES_PER_ADDRESS_PER_DAY,
      redis,
      keyPrefix: config.REDIS_KEY_PREFIX,
      logger,
    }),
    oidc: null,
  };
  const oidcSettings = oidcSettingsFrom(config);
  if (oidcSettings) runtime.oidc = createOidcClient(oidcSettings, deps.clock, logger);
  return {
    runtime,
    stop: async () => {
      redis?.disconnect();
      await runtime.passwords.close();
    },
  };
}

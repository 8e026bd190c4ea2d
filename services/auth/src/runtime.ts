/**
 * What the auth service holds while it runs besides its database: the sign-in limits (and the Redis
 * connection behind them) and the OpenID Connect client. Built in `onStart`, found by the routes.
 */
import type { ServiceDeps } from '@platform/service-kit';
import { Redis } from 'ioredis';
import { prepareDummyHash } from './accounts/password-hash.js';
import type { AuthConfig } from './config.js';
import { createOidcClient, oidcSettingsFrom, type OidcClient } from './oidc/oidc-client.js';
import { createSignInLimits, type SignInLimits } from './sign-in-limits/sign-in-limits.js';

export interface AuthRuntime {
  limits: SignInLimits;
  /** Null when no provider is configured. */
  oidc: OidcClient | null;
}

const runtimes = new WeakMap<ServiceDeps<AuthConfig>, AuthRuntime>();

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
  void prepareDummyHash();
  const runtime: AuthRuntime = {
    limits: createSignInLimits({
      maxFailuresPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
      redis,
      keyPrefix: config.REDIS_KEY_PREFIX,
      logger,
    }),
    oidc: null,
  };
  const oidcSettings = oidcSettingsFrom(config);
  if (oidcSettings) runtime.oidc = createOidcClient(oidcSettings, deps.clock, logger);
  runtimes.set(deps, runtime);
  return {
    runtime,
    stop: async () => {
      runtimes.delete(deps);
      redis?.disconnect();
    },
  };
}

export function runtimeOf(deps: ServiceDeps<AuthConfig>): AuthRuntime {
  const runtime = runtimes.get(deps);
  if (!runtime) throw new Error('the auth runtime is not started (onStart runs before the routes)');
  return runtime;
}

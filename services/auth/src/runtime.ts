/**
 * What the auth service holds while it runs besides its database: the password hasher (and its worker
 * threads), the sign-in limits (on the kit's request limits, `deps.rateLimits`) and the OpenID Connect
 * client. Built once in `onStart` (service.ts); the kit hands it to the routes as `deps.runtime`.
 */
import type { ServiceDeps } from '@platform/service-kit/runtime';
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
  const runtime: AuthRuntime = {
    passwords: createPasswordHasher(passwordCostOf(config)),
    limits: createSignInLimits({
      maxConsecutiveFailures: config.LOGIN_MAX_CONSECUTIVE_FAILURES,
      slowAfterAddressFailures: config.LOGIN_SLOW_AFTER_ADDRESS_FAILURES,
      slowAfterAccountFailures: config.LOGIN_SLOW_AFTER_ACCOUNT_FAILURES,
      maxDelayMs: config.LOGIN_MAX_DELAY_MS,
      store: deps.rateLimits,
    }),
    oidc: null,
  };
  const oidcSettings = oidcSettingsFrom(config);
  if (oidcSettings) runtime.oidc = createOidcClient(oidcSettings, deps.clock, logger);
  return {
    runtime,
    stop: async () => {
      await runtime.passwords.close();
    },
  };
}

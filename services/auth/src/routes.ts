/** The auth service's HTTP routes (behind the gateway's internal token). */
import type { Router } from 'express';
import { accountDataRoutes } from './account-data/account-data.router.js';
import { accountSettingsRoutes } from './account-settings/account-settings.router.js';
import { accountRoutes } from './accounts/account.router.js';
import { customerRoutes } from './customers/customers.router.js';
import { oidcRoutes } from './oidc/oidc.router.js';
import { passwordRoutes } from './passwords/password.router.js';
import type { AuthDeps } from './runtime.js';
import { sessionRoutes } from './sessions/session.router.js';

export function authRoutes(router: Router, deps: AuthDeps): void {
  sessionRoutes(router, deps);
  accountRoutes(router, deps);
  accountSettingsRoutes(router, deps);
  accountDataRoutes(router, deps);
  passwordRoutes(router, deps);
  customerRoutes(router, deps);
  oidcRoutes(router, deps);
}

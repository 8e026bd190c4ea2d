/** The auth service's HTTP routes (behind the gateway's internal token). */
import type { ServiceDeps } from '@platform/service-kit';
import type { Router } from 'express';
import { accountRoutes } from './accounts/account.router.js';
import type { AuthConfig } from './config.js';
import { oidcRoutes } from './oidc/oidc.router.js';
import { passwordRoutes } from './passwords/password.router.js';
import { sessionRoutes } from './sessions/session.router.js';

export function authRoutes(router: Router, deps: ServiceDeps<AuthConfig>): void {
  sessionRoutes(router, deps);
  accountRoutes(router, deps);
  passwordRoutes(router, deps);
  oidcRoutes(router, deps);
}

/** `GET /internal/session`: the gateway asks who the browser's cookie belongs to. */
import type { SessionLookup } from '@platform/contracts';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Router } from 'express';
import type { AuthConfig } from '../config.js';
import { resolveSession } from './resolve-session.js';
import { readSessionToken } from './session-cookie.js';

export function sessionRoutes(router: Router, deps: ServiceDeps<AuthConfig>): void {
  router.get('/internal/session', async (req, res) => {
    const caller = await resolveSession({
      db: deps.db,
      clock: deps.clock,
      config: deps.config,
      token: readSessionToken(req, deps.config),
    });
    const lookup: SessionLookup = { caller };
    res.set('Cache-Control', 'no-store').json(lookup);
  });
}

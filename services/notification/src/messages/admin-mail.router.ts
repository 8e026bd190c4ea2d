/** `GET /api/admin/mail`: the delivery log for the support admin. */
import { ListMailQuerySchema } from '@platform/contracts';
import { routesWith, validate } from '@platform/service-kit/http';
import { requireAdmin } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Router } from 'express';
import type { NotificationConfig } from '../config.js';
import { listRecentMail } from './list-recent-mail.js';

export function adminMailRoutes(router: Router, deps: ServiceDeps<NotificationConfig>): void {
  const admin = routesWith(router, { access: requireAdmin });

  admin.get('/api/admin/mail', validate({ query: ListMailQuerySchema }), async (req, res) => {
    // Bodies carry single-use links: never cached anywhere on the way.
    res.set('Cache-Control', 'no-store');
    res.json(await listRecentMail(deps.db, req.query.limit));
  });
}

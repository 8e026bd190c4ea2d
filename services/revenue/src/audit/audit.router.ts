/**
 * The audit trail for the admin (docs/behaviour/revenue-share.md#audit-trail; docs/decisions.md, 105):
 *
 *   GET /api/admin/revenue-reports/:id/history   a report's entries, oldest first (404 unknown report)
 *   GET /api/admin/revenue-audit.csv             every entry
 */
import { REVENUE_ADMIN_MESSAGES, ReportIdParamsSchema } from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { noStore, routesWith, validate } from '@platform/service-kit/http';
import { requireAdmin } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Router } from 'express';
import { sendCsv } from '../admin/admin.router.js';
import { auditCsv } from '../admin/revenue-csv.js';
import type { RevenueConfig } from '../config.js';
import { findReport } from '../reports/reports.repository.js';
import { listAuditTrail, listReportHistory } from './audit.repository.js';

export function auditRoutes(router: Router, deps: ServiceDeps<RevenueConfig>): void {
  const admin = routesWith(router, { cache: noStore, access: requireAdmin });

  admin.get(
    '/api/admin/revenue-reports/:id/history',
    validate({ params: ReportIdParamsSchema }),
    async (req, res) => {
      if (!(await findReport(deps.db, req.params.id))) {
        throw new AppError('not_found', REVENUE_ADMIN_MESSAGES.reportNotFound);
      }
      res.json(await listReportHistory(deps.db, req.params.id));
    },
  );

  admin.get('/api/admin/revenue-audit.csv', async (_req, res) => {
    sendCsv(res, 'revenue-audit', deps.clock.now(), auditCsv(await listAuditTrail(deps.db)));
  });
}

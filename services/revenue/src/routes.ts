/** The revenue service's HTTP routes (behind the gateway's internal token). */
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Router } from 'express';
import { adminRoutes } from './admin/admin.router.js';
import { agreementRoutes } from './agreements/agreements.router.js';
import { auditRoutes } from './audit/audit.router.js';
import type { RevenueConfig } from './config.js';
import { disputeRoutes } from './disputes/disputes.router.js';
import { documentRoutes } from './documents/documents.router.js';
import { planRoutes } from './plans/plans.router.js';
import { reportRoutes } from './reports/reports.router.js';
import { statementRoutes } from './statements/statements.router.js';

export function revenueRoutes(router: Router, deps: ServiceDeps<RevenueConfig>): void {
  planRoutes(router, deps);
  reportRoutes(router, deps);
  documentRoutes(router, deps);
  disputeRoutes(router, deps);
  statementRoutes(router, deps);
  agreementRoutes(router, deps);
  adminRoutes(router, deps);
  auditRoutes(router, deps);
}

/**
 * Disputes of a verified share (docs/behaviour/revenue-share.md#disputes; contracts in
 * `@platform/contracts` http/revenue/disputes.ts):
 *
 *   POST /api/revenue-reports/:id/dispute                { reason }   the report's owner (404 for others)
 *   POST /api/admin/revenue-reports/:id/dispute/accept   { grossRevenue, businessExpenses, netRevenue, note? }
 *   POST /api/admin/revenue-reports/:id/dispute/reject   { reason }
 *
 * The admin's routes are role `admin` only (401 visitors, 403 others).
 */
import {
  AcceptDisputeRequestSchema,
  DisputeReportRequestSchema,
  RejectDisputeRequestSchema,
  ReportIdParamsSchema,
} from '@platform/contracts';
import { noStore, routesWith, validate } from '@platform/service-kit/http';
import { requireAdmin, requireUser } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Router } from 'express';
import type { RevenueConfig } from '../config.js';
import { adminAct } from '../admin/admin-act.js';
import { openDispute } from './open-dispute.js';
import { resolveDispute, type DisputeAnswer } from './resolve-dispute.js';

export function disputeRoutes(router: Router, deps: ServiceDeps<RevenueConfig>): void {
  /** The admin's answer to the dispute on the report the path names. */
  const resolveAs = (
    req: { params: { id: string }; caller: { userId: string }; id: unknown },
    answer: DisputeAnswer,
  ) => resolveDispute(deps, { reportId: req.params.id, answer, ...adminAct(req) });

  const signedIn = routesWith(router, { cache: noStore, access: requireUser });
  const admin = routesWith(router, { cache: noStore, access: requireAdmin });

  signedIn.post(
    '/api/revenue-reports/:id/dispute',
    validate({ params: ReportIdParamsSchema, body: DisputeReportRequestSchema }),
    async (req, res) => {
      res.status(201).json(
        await openDispute(deps, {
          reportId: req.params.id,
          userId: req.caller.userId,
          reason: req.body.reason,
          requestId: String(req.id),
        }),
      );
    },
  );

  admin.post(
    '/api/admin/revenue-reports/:id/dispute/accept',
    validate({ params: ReportIdParamsSchema, body: AcceptDisputeRequestSchema }),
    async (req, res) => {
      res.json(await resolveAs(req, { outcome: 'accepted', ...req.body }));
    },
  );

  admin.post(
    '/api/admin/revenue-reports/:id/dispute/reject',
    validate({ params: ReportIdParamsSchema, body: RejectDisputeRequestSchema }),
    async (req, res) => {
      res.json(await resolveAs(req, { outcome: 'rejected', reason: req.body.reason }));
    },
  );
}

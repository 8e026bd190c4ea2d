/**
 * The admin's revenue ledger (docs/behaviour/revenue-share.md#admin-revenue-dashboard; contracts in
 * `@platform/contracts` http/revenue/admin.ts), role `admin` only, checked here (401 visitors, 403 others):
 *
 *   GET  /api/admin/revenue-stats
 *   GET  /api/admin/revenue-customers        (and .csv)
 *   GET  /api/admin/revenue-reports          (and .csv)
 *   POST /api/admin/verify-report/:id
 *   POST /api/admin/mark-paid/:id            { amount, paymentId? }
 *   POST /api/admin/send-reminder            { customerId, reminderType }
 *   POST /api/admin/revenue-customers/:id/baseline           { baselineNetRevenue, reason }
 *   GET  /api/admin/revenue-customers/:id/baseline-changes
 *   GET  /api/admin/revenue-customers/:id/reminders          (sent and to come)
 *   POST /api/admin/revenue-customers/:id/agreement-date     { agreedAt, reason }
 */
import {
  CorrectBaselineRequestSchema,
  CustomerIdParamsSchema,
  MarkPaidRequestSchema,
  ReportIdParamsSchema,
  SendReminderRequestSchema,
  REVENUE_ADMIN_MESSAGES,
  SetAgreementDateRequestSchema,
} from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { noStore, routesWith, validate } from '@platform/service-kit/http';
import { requireAdmin } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Response, Router } from 'express';
import type { RevenueConfig } from '../config.js';
import { reminderLadderOf } from '../reminders/reminder-ladder-view.js';
import { dayOf } from '../lib/calendar.js';
import { correctBaseline, listCustomerBaselineChanges } from './correct-baseline.js';
import { getRevenueStats } from './get-revenue-stats.js';
import { listAdminReports } from './list-admin-reports.js';
import { listRevenueCustomers } from './list-revenue-customers.js';
import { markReportPaid } from './mark-report-paid.js';
import { customersCsv, reportsCsv } from './revenue-csv.js';
import { sendAdminReminder } from './send-admin-reminder.js';
import { setAgreementDate } from './set-agreement-date.js';
import { verifyReport } from './verify-report.js';
import { adminAct } from './admin-act.js';

export function sendCsv(res: Response, name: string, now: Date, body: string): void {
  res
    .type('text/csv; charset=utf-8')
    .attachment(`${name}-${dayOf(now)}.csv`)
    .set('X-Content-Type-Options', 'nosniff')
    .send(body);
}

export function adminRoutes(router: Router, deps: ServiceDeps<RevenueConfig>): void {
  const admin = routesWith(router, { cache: noStore, access: requireAdmin });

  admin.get('/api/admin/revenue-stats', async (_req, res) => {
    res.json(await getRevenueStats(deps.db, deps.clock.now()));
  });

  admin.get('/api/admin/revenue-customers', async (_req, res) => {
    res.json(await listRevenueCustomers(deps.db, deps.clock.now()));
  });

  admin.get('/api/admin/revenue-customers.csv', async (_req, res) => {
    const now = deps.clock.now();
    sendCsv(res, 'revenue-customers', now, customersCsv(await listRevenueCustomers(deps.db, now)));
  });

  admin.get('/api/admin/revenue-reports', async (_req, res) => {
    res.json(await listAdminReports(deps.db, deps.clock.now()));
  });

  admin.get('/api/admin/revenue-reports.csv', async (_req, res) => {
    const now = deps.clock.now();
    sendCsv(res, 'revenue-reports', now, reportsCsv(await listAdminReports(deps.db, now)));
  });

  // A malformed id names no report: the same 404 as an unknown one.
  admin.post('/api/admin/verify-report/:id', validate({ params: ReportIdParamsSchema }), async (req, res) => {
    res.json(await verifyReport(deps, { reportId: req.params.id, ...adminAct(req) }));
  });

  admin.post(
    '/api/admin/mark-paid/:id',
    validate({ params: ReportIdParamsSchema, body: MarkPaidRequestSchema }),
    async (req, res) => {
      const { amount, paymentId } = req.body;
      res.json(await markReportPaid(deps, { reportId: req.params.id, amount, paymentId, ...adminAct(req) }));
    },
  );

  admin.post('/api/admin/send-reminder', validate({ body: SendReminderRequestSchema }), async (req, res) => {
    res.json(await sendAdminReminder(deps, { ...req.body, ...adminAct(req) }));
  });

  // docs/decisions.md, 25: only the admin corrects a baseline, and each change is recorded.
  admin.post(
    '/api/admin/revenue-customers/:id/baseline',
    validate({ params: CustomerIdParamsSchema, body: CorrectBaselineRequestSchema }),
    async (req, res) => {
      const customerId = req.params.id;
      res.json(await correctBaseline(deps, { customerId, ...req.body, adminId: req.caller.userId }));
    },
  );

  admin.get(
    '/api/admin/revenue-customers/:id/reminders',
    validate({ params: CustomerIdParamsSchema }),
    async (req, res) => {
      const ladder = await reminderLadderOf(deps.db, req.params.id, deps.clock.now());
      if (!ladder) throw new AppError('not_found', REVENUE_ADMIN_MESSAGES.customerNotFound);
      res.json(ladder);
    },
  );

  admin.get(
    '/api/admin/revenue-customers/:id/baseline-changes',
    validate({ params: CustomerIdParamsSchema }),
    async (req, res) => {
      res.json(await listCustomerBaselineChanges(deps.db, req.params.id));
    },
  );

  // docs/decisions.md, 66: owners who joined before the platform existed report from their agreement date.
  admin.post(
    '/api/admin/revenue-customers/:id/agreement-date',
    validate({ params: CustomerIdParamsSchema, body: SetAgreementDateRequestSchema }),
    async (req, res) => {
      res.json(await setAgreementDate(deps, { customerId: req.params.id, ...req.body, ...adminAct(req) }));
    },
  );
}

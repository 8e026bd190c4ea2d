/**
 * The owner's monthly reports (docs/behaviour/revenue-share.md#monthly-revenue-report; contracts in
 * `@platform/contracts` http/revenue/report.ts):
 *
 *   POST /api/revenue-report     an owner on the plan (401 visitors, 403 without consent)
 *   GET  /api/revenue-reports    the caller's plan and reports (an account without a plan: none)
 *   GET  /api/revenue-reminders  the caller's reminders sent and to come (http/revenue/reminders.ts)
 */
import { RevenueReportRequestSchema, type MyRevenueReports, type ReminderLadder } from '@platform/contracts';
import { requireUser } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Router } from 'express';
import type { RevenueConfig } from '../config.js';
import { noStore, routesWith } from '@platform/service-kit/http';
import { ownerPost } from '../http/owner-post.js';
import { findPlanOfUser } from '../plans/plans.repository.js';
import { toRevenuePlan } from '../plans/to-plan-view.js';
import { disputesOfReports } from '../disputes/disputes.repository.js';
import { listDocumentsOfReports } from '../documents/documents.repository.js';
import { reminderLadderOf } from '../reminders/reminder-ladder-view.js';
import { listReportsOfUser } from './reports.repository.js';
import { submitReport } from './submit-report.js';
import { toRevenueReport } from './to-report-views.js';

export function reportRoutes(router: Router, deps: ServiceDeps<RevenueConfig>): void {
  ownerPost(router, '/api/revenue-report', RevenueReportRequestSchema, (input) => submitReport(deps, input));

  const signedIn = routesWith(router, { cache: noStore, access: requireUser });

  signedIn.get('/api/revenue-reports', async (req, res) => {
    const now = deps.clock.now();
    const [plan, reports] = await Promise.all([
      findPlanOfUser(deps.db, req.caller.userId),
      listReportsOfUser(deps.db, req.caller.userId),
    ]);
    const ids = reports.map((report) => report.id);
    const [documents, disputes] = await Promise.all([
      listDocumentsOfReports(deps.db, ids),
      disputesOfReports(deps.db, ids),
    ]);
    const body: MyRevenueReports = {
      plan: plan ? toRevenuePlan(plan, reports, now) : null,
      reports: reports.map((report) =>
        toRevenueReport(report, now, documents.get(report.id) ?? [], disputes.get(report.id) ?? null),
      ),
    };
    res.json(body);
  });

  signedIn.get('/api/revenue-reminders', async (req, res) => {
    const ladder: ReminderLadder = (await reminderLadderOf(deps.db, req.caller.userId, deps.clock.now())) ?? {
      sent: [],
      next: [],
    };
    res.json(ladder);
  });
}

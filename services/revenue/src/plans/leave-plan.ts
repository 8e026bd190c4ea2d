/**
 * `POST /api/revenue-share/leave`: the owner leaves the programme (docs/behaviour/revenue-share.md#leaving-the-programme;
 * docs/decisions.md, 99). With the plan locked: 404 without a plan, 409 once left; otherwise the plan
 * records the day and the reason, the audit trail the change, and `revenue.plan.left` goes out in the same
 * transaction (notification e-mails the owner and the support inbox). What is owed stays owed; no report
 * is asked for after leaving, so the standing is worked out again from the shares alone.
 */
import {
  REVENUE_LEAVE_MESSAGES,
  type LeaveRevenueShareRequest,
  type LeaveRevenueShareResponse,
} from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { enqueueEvent } from '@platform/service-kit/events';
import { REQUEST_ID_HEADER } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { RevenueConfig } from '../config.js';
import { outboxEvents } from '../db/schema.js';
import { listReportsOfUser } from '../reports/reports.repository.js';
import { refreshCustomerStatus } from '../standing/refresh-customer-status.js';
import { planState, recordAudit } from '../audit/record-audit.js';
import { lockPlanOfUser, markPlanLeft } from './plans.repository.js';
import { amountOwedOn, toRevenuePlan } from './to-plan-view.js';

export async function leavePlan(
  deps: ServiceDeps<RevenueConfig>,
  options: { userId: string; request: LeaveRevenueShareRequest; requestId?: string },
): Promise<LeaveRevenueShareResponse> {
  const now = deps.clock.now();
  const { plan, reports } = await deps.db.transaction(async (tx) => {
    const before = await lockPlanOfUser(tx, options.userId);
    if (!before) throw new AppError('not_found', REVENUE_LEAVE_MESSAGES.noPlan);
    if (before.leftAt) throw new AppError('conflict', REVENUE_LEAVE_MESSAGES.alreadyLeft);
    const plan = await markPlanLeft(tx, before.id, { leftAt: now, reason: options.request.reason });
    await recordAudit(tx, {
      entity: 'plan',
      entityId: plan.id,
      action: 'left',
      userId: plan.userId,
      actor: plan.userId,
      at: now,
      before: planState(before),
      after: planState(plan),
      reason: options.request.reason,
    });
    await refreshCustomerStatus(tx, plan, { clock: deps.clock, requestId: options.requestId });
    const reports = await listReportsOfUser(tx, plan.userId);
    await enqueueEvent(
      tx,
      outboxEvents,
      {
        type: 'revenue.plan.left',
        data: {
          planId: plan.id,
          userId: plan.userId,
          email: plan.email,
          firstName: plan.firstName,
          lastName: plan.lastName,
          reason: options.request.reason,
          amountOwed: amountOwedOn(reports),
          leftAt: now.toISOString(),
        },
        headers: options.requestId ? { [REQUEST_ID_HEADER]: options.requestId } : undefined,
      },
      { clock: deps.clock },
    );
    return { plan, reports };
  });
  deps.logger.info({ userId: plan.userId, planId: plan.id }, 'owner left the revenue-share programme');
  return {
    success: true,
    message: REVENUE_LEAVE_MESSAGES.left,
    plan: toRevenuePlan(plan, reports, now),
  };
}

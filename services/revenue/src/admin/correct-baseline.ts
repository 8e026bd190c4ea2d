/**
 * `POST /api/admin/revenue-customers/:id/baseline { baselineNetRevenue, reason }`: the admin corrects an
 * owner's baseline (docs/decisions.md, 25). The baseline is fixed at consent; only this call changes it,
 * and each change is recorded with the old and new values, the reason, the admin and the time. The plan row
 * is locked as a report's submission locks it, so every report is computed wholly before or wholly after a
 * correction: earlier reports keep the baseline they were computed with, later ones use the new one. A
 * "correction" to the baseline the owner already has is refused, so the record holds real changes only.
 */
import { randomUUID } from 'node:crypto';
import {
  baselineCorrectedText,
  baselineUnchangedMessage,
  REVENUE_ADMIN_MESSAGES,
  type BaselineChange,
  type CorrectBaselineResponse,
} from '@platform/contracts';
import { formatMoney } from '@platform/contracts/format';
import { insertRow, pickFields, type Executor } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { RevenueConfig } from '../config.js';
import { baselineChanges, type BaselineChangeRow } from '../db/schema.js';
import { listBaselineChanges, setPlanBaseline } from '../plans/baseline-changes.repository.js';
import { findPlanOfUser, lockPlanOfUser } from '../plans/plans.repository.js';
import { listReportsOfUser } from '../reports/reports.repository.js';
import { toRevenueCustomer } from './list-revenue-customers.js';
import { recordAudit } from '../audit/record-audit.js';

const notFound = () => new AppError('not_found', REVENUE_ADMIN_MESSAGES.customerNotFound);

function toBaselineChange(row: BaselineChangeRow): BaselineChange {
  return {
    id: row.id,
    customerId: row.userId,
    ...pickFields(row, ['oldBaselineNetRevenue', 'newBaselineNetRevenue', 'reason', 'changedBy']),
    changedAt: row.changedAt.toISOString(),
  };
}

export async function correctBaseline(
  deps: ServiceDeps<RevenueConfig>,
  options: {
    customerId: string;
    baselineNetRevenue: number;
    reason: string;
    adminId: string;
  },
): Promise<CorrectBaselineResponse> {
  const now = deps.clock.now();
  const { plan, change, reports } = await deps.db.transaction(async (tx) => {
    const locked = await lockPlanOfUser(tx, options.customerId);
    if (!locked) throw notFound();
    if (locked.baselineNetRevenue === options.baselineNetRevenue) {
      const message = baselineUnchangedMessage(formatMoney(locked.baselineNetRevenue));
      throw new AppError('invalid', message, [{ path: 'baselineNetRevenue', message }]);
    }
    const change = await insertRow(tx, baselineChanges, {
      id: randomUUID(),
      paymentPlanId: locked.id,
      userId: locked.userId,
      oldBaselineNetRevenue: locked.baselineNetRevenue,
      newBaselineNetRevenue: options.baselineNetRevenue,
      reason: options.reason,
      changedBy: options.adminId,
      changedAt: now,
    });
    const plan = await setPlanBaseline(tx, locked.id, options.baselineNetRevenue, now);
    await recordAudit(tx, {
      entity: 'baseline',
      entityId: change.id,
      action: 'corrected',
      userId: plan.userId,
      actor: options.adminId,
      at: now,
      before: { baselineNetRevenue: change.oldBaselineNetRevenue },
      after: { baselineNetRevenue: change.newBaselineNetRevenue },
      reason: options.reason,
    });
    return { plan, change, reports: await listReportsOfUser(tx, locked.userId) };
  });
  deps.logger.info(
    {
      userId: plan.userId,
      from: change.oldBaselineNetRevenue,
      to: change.newBaselineNetRevenue,
      adminId: options.adminId,
    },
    'baseline corrected',
  );
  return {
    success: true,
    message: baselineCorrectedText(formatMoney(plan.baselineNetRevenue)),
    change: toBaselineChange(change),
    customer: toRevenueCustomer(plan, reports, now),
  };
}

/** `GET /api/admin/revenue-customers/:id/baseline-changes`: the owner's corrections, newest first. */
export async function listCustomerBaselineChanges(
  db: Executor,
  customerId: string,
): Promise<BaselineChange[]> {
  const plan = await findPlanOfUser(db, customerId);
  if (!plan) throw notFound();
  return (await listBaselineChanges(db, plan.id)).map(toBaselineChange);
}

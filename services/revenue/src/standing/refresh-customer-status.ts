/**
 * Keeps each owner's announced standing in step with their reports and the clock: when the computed
 * status differs from the one last announced, the plan records it and `revenue.customer.status-changed`
 * goes out in the same transaction (the course service holds new sections back while `blocked` and lifts that otherwise). Called
 * after every report and payment (so becoming current lifts a block at once) and by the periodic job (so
 * time alone makes an owner overdue or blocked).
 */
import type { CustomerStatus } from '@platform/contracts';
import type { Clock } from '@platform/service-kit/clock';
import type { Executor } from '@platform/service-kit/db';
import { enqueueEvent } from '@platform/service-kit/events';
import { REQUEST_ID_HEADER } from '@platform/service-kit/identity';
import { outboxEvents, type PaymentPlanRow } from '../db/schema.js';
import { listPlans, lockPlan, setCustomerStatus } from '../plans/plans.repository.js';
import { listReportsOfUser } from '../reports/reports.repository.js';
import { computeStanding } from './customer-standing.js';
import { recordAudit } from '../audit/record-audit.js';
import type { RevenueJobDeps } from '../jobs.js';

export interface StatusChange {
  userId: string;
  from: CustomerStatus;
  to: CustomerStatus;
}

/** `plan` must be locked by the caller's transaction `tx`. */
export async function refreshCustomerStatus(
  tx: Executor,
  plan: PaymentPlanRow,
  options: { clock: Clock; requestId?: string },
): Promise<StatusChange | null> {
  const now = options.clock.now();
  const reports = await listReportsOfUser(tx, plan.userId);
  const { status } = computeStanding({
    implementationEndsAt: plan.implementationPeriodEndsAt,
    leftAt: plan.leftAt,
    reports,
    now,
  });
  if (status === plan.customerStatus) return null;
  const sequence = await setCustomerStatus(tx, plan.id, status, now);
  await recordAudit(tx, {
    entity: 'plan',
    entityId: plan.id,
    action: 'status-changed',
    userId: plan.userId,
    at: now,
    before: { customerStatus: plan.customerStatus },
    after: { customerStatus: status },
  });
  await enqueueEvent(
    tx,
    outboxEvents,
    {
      type: 'revenue.customer.status-changed',
      data: {
        planId: plan.id,
        userId: plan.userId,
        status,
        previousStatus: plan.customerStatus,
        sequence,
        changedAt: now.toISOString(),
      },
      headers: options.requestId ? { [REQUEST_ID_HEADER]: options.requestId } : undefined,
    },
    { clock: options.clock },
  );
  return { userId: plan.userId, from: plan.customerStatus, to: status };
}

/** Every plan, one transaction each (a plan locked by a report being submitted just waits its turn). */
export async function refreshAllCustomerStatuses(
  deps: RevenueJobDeps,
): Promise<{ checked: number; changes: StatusChange[] }> {
  const plans = await listPlans(deps.db);
  const changes: StatusChange[] = [];
  for (const { id } of plans) {
    const change = await deps.db.transaction(async (tx) => {
      const plan = await lockPlan(tx, id);
      return plan ? refreshCustomerStatus(tx, plan, { clock: deps.clock }) : null;
    });
    if (change) changes.push(change);
  }
  return { checked: plans.length, changes };
}

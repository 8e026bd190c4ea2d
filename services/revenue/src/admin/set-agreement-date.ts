/**
 * `POST /api/admin/revenue-customers/:id/agreement-date { agreedAt, reason }` (docs/decisions.md, 66): for an
 * owner who was on the programme before the platform existed, the admin records the day they agreed. The
 * plan's 30-day implementation period then starts that day (midnight UTC), and the months to report follow
 * from it; the consent recorded on the platform stays as it was. Each record keeps the day the period
 * started before, the new day, the reason, the admin and the time. The plan row is locked as a report's
 * submission locks it, so a report is checked wholly against the old or the new months; reports stored
 * earlier that the new date puts outside the months to report are flagged, not removed. The standing is
 * refreshed in the same transaction (months now due may be late).
 */
import { randomUUID } from 'node:crypto';
import {
  agreementDateRecordedText,
  agreementDateUnchangedMessage,
  IMPLEMENTATION_PERIOD_DAYS,
  monthName,
  REVENUE_ADMIN_MESSAGES,
  type AgreementDateChange,
  type SetAgreementDateResponse,
} from '@platform/contracts';
import { insertRow } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { RevenueConfig } from '../config.js';
import { agreementDateChanges, type AgreementDateChangeRow } from '../db/schema.js';
import { addDays, dayOf, startOfDay } from '../lib/calendar.js';
import { setPlanAgreement } from '../plans/agreement-dates.repository.js';
import { lockPlanOfUser } from '../plans/plans.repository.js';
import { listReportsOfUser } from '../reports/reports.repository.js';
import { firstReportMonth } from '../standing/customer-standing.js';
import { refreshCustomerStatus } from '../standing/refresh-customer-status.js';
import { toRevenueCustomer } from './list-revenue-customers.js';
import { planState, recordAudit } from '../audit/record-audit.js';

function refuse(message: string): never {
  throw new AppError('invalid', message, [{ path: 'agreedAt', message }]);
}

function toAgreementDateChange(row: AgreementDateChangeRow): AgreementDateChange {
  return {
    id: row.id,
    customerId: row.userId,
    oldAgreedAt: dayOf(row.oldStartedAt),
    newAgreedAt: row.newAgreedAt,
    reason: row.reason,
    changedBy: row.changedBy,
    changedAt: row.changedAt.toISOString(),
  };
}

export async function setAgreementDate(
  deps: ServiceDeps<RevenueConfig>,
  options: { customerId: string; agreedAt: string; reason: string; adminId: string; requestId?: string },
): Promise<SetAgreementDateResponse> {
  const now = deps.clock.now();
  if (options.agreedAt > dayOf(now)) refuse(REVENUE_ADMIN_MESSAGES.agreedAtInFuture);
  const startedAt = startOfDay(options.agreedAt);
  const { plan, change, reports } = await deps.db.transaction(async (tx) => {
    const locked = await lockPlanOfUser(tx, options.customerId);
    if (!locked) throw new AppError('not_found', REVENUE_ADMIN_MESSAGES.customerNotFound);
    if (locked.implementationPeriodStartedAt.getTime() === startedAt.getTime()) {
      refuse(agreementDateUnchangedMessage(options.agreedAt));
    }
    const change = await insertRow(tx, agreementDateChanges, {
      id: randomUUID(),
      paymentPlanId: locked.id,
      userId: locked.userId,
      oldStartedAt: locked.implementationPeriodStartedAt,
      newAgreedAt: options.agreedAt,
      reason: options.reason,
      changedBy: options.adminId,
      changedAt: now,
    });
    const plan = await setPlanAgreement(
      tx,
      locked.id,
      { startedAt, endsAt: addDays(startedAt, IMPLEMENTATION_PERIOD_DAYS) },
      now,
    );
    await recordAudit(tx, {
      entity: 'plan',
      entityId: plan.id,
      action: 'agreement-date-recorded',
      userId: plan.userId,
      actor: options.adminId,
      at: now,
      before: planState(locked),
      after: planState(plan),
      reason: options.reason,
    });
    await refreshCustomerStatus(tx, plan, { clock: deps.clock, requestId: options.requestId });
    return { plan, change, reports: await listReportsOfUser(tx, locked.userId) };
  });
  deps.logger.info(
    { userId: plan.userId, agreedAt: options.agreedAt, adminId: options.adminId },
    'agreement date recorded',
  );
  return {
    success: true,
    message: agreementDateRecordedText(monthName(firstReportMonth(plan.implementationPeriodEndsAt).firstDay)),
    change: toAgreementDateChange(change),
    customer: toRevenueCustomer(plan, reports, now),
  };
}

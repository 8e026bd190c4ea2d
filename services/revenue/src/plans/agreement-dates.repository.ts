/** Queries on `revenue.agreement_date_changes` and the plan dates they set. */
import { insertRow, type Executor } from '@platform/service-kit/db';
import { agreementDateChanges, type AgreementDateChangeRow, type PaymentPlanRow } from '../db/schema.js';
import { updatePlan } from './plans.repository.js';

export async function insertAgreementDateChange(
  db: Executor,
  change: typeof agreementDateChanges.$inferInsert,
): Promise<AgreementDateChangeRow> {
  return insertRow(db, agreementDateChanges, change);
}

/** Starts the plan's implementation period on `startedAt`; it ends `endsAt`. */
export function setPlanAgreement(
  db: Executor,
  planId: string,
  dates: { startedAt: Date; endsAt: Date },
  now: Date,
): Promise<PaymentPlanRow> {
  return updatePlan(db, planId, {
    revenueShareStartDate: dates.startedAt,
    implementationPeriodStartedAt: dates.startedAt,
    implementationPeriodEndsAt: dates.endsAt,
    updatedAt: now,
  });
}

/** The plan dates an agreement date change sets (the change itself is a row of `agreement_date_changes`). */
import type { Executor } from '@platform/service-kit/db';
import type { PaymentPlanRow } from '../db/schema.js';
import { updatePlan } from './plans.repository.js';

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

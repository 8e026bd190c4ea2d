/** Queries on `revenue.agreement_date_changes` and the plan dates they set. */
import type { Executor } from '@platform/service-kit/db';
import { eq } from 'drizzle-orm';
import {
  agreementDateChanges,
  paymentPlans,
  type AgreementDateChangeRow,
  type PaymentPlanRow,
} from '../db/schema.js';

export async function insertAgreementDateChange(
  db: Executor,
  change: typeof agreementDateChanges.$inferInsert,
): Promise<AgreementDateChangeRow> {
  const [row] = await db.insert(agreementDateChanges).values(change).returning();
  return row!;
}

/** Starts the plan's implementation period on `startedAt`; it ends `endsAt`. */
export async function setPlanAgreement(
  db: Executor,
  planId: string,
  dates: { startedAt: Date; endsAt: Date },
  now: Date,
): Promise<PaymentPlanRow> {
  const [row] = await db
    .update(paymentPlans)
    .set({
      revenueShareStartDate: dates.startedAt,
      implementationPeriodStartedAt: dates.startedAt,
      implementationPeriodEndsAt: dates.endsAt,
      updatedAt: now,
    })
    .where(eq(paymentPlans.id, planId))
    .returning();
  return row!;
}

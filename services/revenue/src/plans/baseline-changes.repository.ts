/** Queries on `revenue.baseline_changes` and the plan's baseline they record. */
import type { Executor } from '@platform/service-kit/db';
import { desc, eq } from 'drizzle-orm';
import { baselineChanges, type BaselineChangeRow, type PaymentPlanRow } from '../db/schema.js';
import { updatePlan } from './plans.repository.js';

/** Sets the baseline that reports submitted from now on are computed with. */
export function setPlanBaseline(
  db: Executor,
  planId: string,
  baselineNetRevenue: number,
  now: Date,
): Promise<PaymentPlanRow> {
  return updatePlan(db, planId, { baselineNetRevenue, updatedAt: now });
}

/** The plan's corrections, newest first. */
export async function listBaselineChanges(db: Executor, planId: string): Promise<BaselineChangeRow[]> {
  return db
    .select()
    .from(baselineChanges)
    .where(eq(baselineChanges.paymentPlanId, planId))
    .orderBy(desc(baselineChanges.changedAt), desc(baselineChanges.id));
}

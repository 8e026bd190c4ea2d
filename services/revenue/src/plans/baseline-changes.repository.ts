/** Queries on `revenue.baseline_changes` and the plan's baseline they record. */
import type { Executor } from '@platform/service-kit/db';
import { desc, eq } from 'drizzle-orm';
import { baselineChanges, paymentPlans, type BaselineChangeRow, type PaymentPlanRow } from '../db/schema.js';

export async function insertBaselineChange(
  db: Executor,
  change: typeof baselineChanges.$inferInsert,
): Promise<BaselineChangeRow> {
  const [row] = await db.insert(baselineChanges).values(change).returning();
  return row!;
}

/** Sets the baseline that reports submitted from now on are computed with. */
export async function setPlanBaseline(
  db: Executor,
  planId: string,
  baselineNetRevenue: number,
  now: Date,
): Promise<PaymentPlanRow> {
  const [row] = await db
    .update(paymentPlans)
    .set({ baselineNetRevenue, updatedAt: now })
    .where(eq(paymentPlans.id, planId))
    .returning();
  return row!;
}

/** The plan's corrections, newest first. */
export async function listBaselineChanges(db: Executor, planId: string): Promise<BaselineChangeRow[]> {
  return db
    .select()
    .from(baselineChanges)
    .where(eq(baselineChanges.paymentPlanId, planId))
    .orderBy(desc(baselineChanges.changedAt), desc(baselineChanges.id));
}

/** Queries on `payment.payment_plans`, `payment.plan_instalments` and `payment.plan_charges`. */
import { findRow, type Executor } from '@platform/service-kit/db';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  paymentPlans,
  planCharges,
  planInstalments,
  type PaymentPlanRow,
  type PlanChargeRow,
  type PlanInstalmentRow,
} from './payment-plans.tables.js';

export interface PlanWithInstalments extends PaymentPlanRow {
  instalments: PlanInstalmentRow[];
  charges: PlanChargeRow[];
}

/** The plan row, locked until the transaction ends: charges, pauses and early payments take turns. */
export async function lockPlan(db: Executor, orderId: string): Promise<PaymentPlanRow | null> {
  return findRow(db, paymentPlans, eq(paymentPlans.orderId, orderId), { lock: true });
}

export async function listInstalments(db: Executor, orderId: string): Promise<PlanInstalmentRow[]> {
  return db
    .select()
    .from(planInstalments)
    .where(eq(planInstalments.orderId, orderId))
    .orderBy(asc(planInstalments.number));
}

export async function listCharges(db: Executor, orderId: string): Promise<PlanChargeRow[]> {
  return db.select().from(planCharges).where(eq(planCharges.orderId, orderId));
}

/** The plans of these orders with their instalments and attempts, by order id. */
export async function findPlans(db: Executor, orderIds: string[]): Promise<Map<string, PlanWithInstalments>> {
  if (orderIds.length === 0) return new Map();
  const [plans, instalments, charges] = await Promise.all([
    db.select().from(paymentPlans).where(inArray(paymentPlans.orderId, orderIds)),
    db
      .select()
      .from(planInstalments)
      .where(inArray(planInstalments.orderId, orderIds))
      .orderBy(asc(planInstalments.number)),
    db.select().from(planCharges).where(inArray(planCharges.orderId, orderIds)),
  ]);
  return new Map(
    plans.map((plan) => [
      plan.orderId,
      {
        ...plan,
        instalments: instalments.filter((row) => row.orderId === plan.orderId),
        charges: charges.filter((row) => row.orderId === plan.orderId),
      },
    ]),
  );
}

/** Unpaid instalments of running plans, oldest due first. */
export async function listUnpaidInstalments(
  db: Executor,
): Promise<(PlanInstalmentRow & { status: string })[]> {
  const rows = await db
    .select({ instalment: planInstalments, status: paymentPlans.status })
    .from(planInstalments)
    .innerJoin(paymentPlans, eq(paymentPlans.orderId, planInstalments.orderId))
    .where(and(isNull(planInstalments.paidAt), inArray(paymentPlans.status, ['active', 'paused'])))
    .orderBy(asc(planInstalments.dueAt));
  return rows.map((row) => ({ ...row.instalment, status: row.status }));
}

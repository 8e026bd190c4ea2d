/** Queries on `revenue.payment_plans`. */
import { findRow, insertOnce, type Executor } from '@platform/service-kit/db';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { paymentPlans, type PaymentPlanRow } from '../db/schema.js';

export type NewPaymentPlanRow = typeof paymentPlans.$inferInsert;

/** Inserts the owner's plan; null when they already have one (a second consent). */
export async function insertPlan(db: Executor, plan: NewPaymentPlanRow): Promise<PaymentPlanRow | null> {
  return insertOnce(db, paymentPlans, plan, [paymentPlans.userId, paymentPlans.planType]);
}

/** The owner's revenue-share plan (one row at most). */
function planOfUser(userId: string) {
  return and(eq(paymentPlans.userId, userId), eq(paymentPlans.planType, 'revenue_share'));
}

export async function findPlanOfUser(db: Executor, userId: string): Promise<PaymentPlanRow | null> {
  return findRow(db, paymentPlans, planOfUser(userId));
}

/** The plan, locked until the transaction ends: one report, payment or status change at a time per owner. */
export async function lockPlan(db: Executor, planId: string): Promise<PaymentPlanRow | null> {
  return findRow(db, paymentPlans, eq(paymentPlans.id, planId), { lock: true });
}

export async function lockPlanOfUser(db: Executor, userId: string): Promise<PaymentPlanRow | null> {
  return findRow(db, paymentPlans, planOfUser(userId), { lock: true });
}

/** Changes the plan's fields; answers the row as it is now. */
export async function updatePlan(
  db: Executor,
  planId: string,
  patch: Partial<NewPaymentPlanRow>,
): Promise<PaymentPlanRow> {
  const [row] = await db.update(paymentPlans).set(patch).where(eq(paymentPlans.id, planId)).returning();
  return row!;
}

/** Every revenue-share plan, oldest first. */
export async function listPlans(db: Executor): Promise<PaymentPlanRow[]> {
  return db
    .select()
    .from(paymentPlans)
    .where(eq(paymentPlans.planType, 'revenue_share'))
    .orderBy(asc(paymentPlans.createdAt), asc(paymentPlans.id));
}

/**
 * Applies the newest profile auth announced; an older event (delivered late) changes nothing. Newest is the
 * highest `sequence` (auth numbers each user's changes), so two changes with the same `changedAt` end in
 * the later one. An event without a sequence (sent before auth numbered them) applies only with a
 * `changedAt` strictly newer than the stored one and keeps the stored sequence: a row written from a later,
 * numbered change has a later or equal `changedAt` and stays (the course service's `upsertPlanStatus`
 * follows the same rule and says more).
 */
export async function updatePlanProfile(
  db: Executor,
  profile: {
    userId: string;
    changedAt: Date;
    /** The event's `sequence`; absent in events sent before auth numbered them. */
    sequence?: number;
    consultationStatus: string;
    planStatus: string;
    email?: string;
    firstName?: string;
    lastName?: string;
  },
): Promise<boolean> {
  const newer =
    profile.sequence !== undefined
      ? lt(paymentPlans.profileSequence, profile.sequence)
      : or(isNull(paymentPlans.profileChangedAt), lt(paymentPlans.profileChangedAt, profile.changedAt));
  const rows = await db
    .update(paymentPlans)
    .set({
      consultationStatus: profile.consultationStatus,
      planStatus: profile.planStatus,
      profileChangedAt: profile.changedAt,
      ...(profile.sequence !== undefined && { profileSequence: profile.sequence }),
      ...(profile.email !== undefined && { email: profile.email }),
      ...(profile.firstName !== undefined && { firstName: profile.firstName }),
      ...(profile.lastName !== undefined && { lastName: profile.lastName }),
    })
    .where(and(eq(paymentPlans.userId, profile.userId), newer))
    .returning({ id: paymentPlans.id });
  return rows.length > 0;
}

/** Records the new standing; answers its sequence number (one more than the last). */
export async function setCustomerStatus(
  db: Executor,
  planId: string,
  status: PaymentPlanRow['customerStatus'],
  now: Date,
): Promise<number> {
  const [row] = await db
    .update(paymentPlans)
    .set({
      customerStatus: status,
      customerStatusChangedAt: now,
      customerStatusSequence: sql`${paymentPlans.customerStatusSequence} + 1`,
      updatedAt: now,
    })
    .where(eq(paymentPlans.id, planId))
    .returning({ sequence: paymentPlans.customerStatusSequence });
  return row!.sequence;
}

/** Marks a locked plan as left (docs/decisions.md, 99); answers the row as it is now. */
export function markPlanLeft(
  db: Executor,
  planId: string,
  change: { leftAt: Date; reason: string },
): Promise<PaymentPlanRow> {
  return updatePlan(db, planId, {
    revenueShareActive: false,
    leftAt: change.leftAt,
    leaveReason: change.reason,
    updatedAt: change.leftAt,
  });
}

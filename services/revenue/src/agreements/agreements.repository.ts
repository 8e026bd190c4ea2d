/** Queries on `revenue.agreements`: the agreement as signed at consent (docs/decisions.md, 111). */
import { IMPLEMENTATION_PERIOD_DAYS } from '@platform/contracts';
import { findRow, type Executor } from '@platform/service-kit/db';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { agreements, baselineChanges, type AgreementRow } from '../db/schema.js';
import { addDays } from '../lib/calendar.js';
import { findPlanOfUser } from '../plans/plans.repository.js';

/** What the PDF is drawn from. */
export type SignedAgreement = Omit<AgreementRow, 'issuedAt'>;

export async function insertAgreement(
  db: Executor,
  agreement: typeof agreements.$inferInsert,
): Promise<void> {
  await db.insert(agreements).values(agreement).onConflictDoNothing();
}

/**
 * Names the owner on their agreement and marks it issued, once: answers the agreement only for the call
 * that issued it (a later or repeated profile answers null), so its e-mail is asked for once.
 */
export async function markAgreementIssued(
  db: Executor,
  userId: string,
  ownerName: string,
  now: Date,
): Promise<AgreementRow | null> {
  const [row] = await db
    .update(agreements)
    .set({ ownerName, issuedAt: now })
    .where(and(eq(agreements.userId, userId), isNull(agreements.issuedAt)))
    .returning();
  return row ?? null;
}

/**
 * The owner's signed agreement; null without a plan. A plan consented before agreements were kept has no
 * row: its agreement is taken from the plan as consented (the baseline before any correction, the 30 days
 * from the consent).
 */
export async function findAgreementOfUser(db: Executor, userId: string): Promise<SignedAgreement | null> {
  const row = await findRow(db, agreements, eq(agreements.userId, userId));
  if (row) return row;
  const plan = await findPlanOfUser(db, userId);
  if (!plan) return null;
  const [firstCorrection] = await db
    .select({ old: baselineChanges.oldBaselineNetRevenue })
    .from(baselineChanges)
    .where(eq(baselineChanges.paymentPlanId, plan.id))
    .orderBy(asc(baselineChanges.changedAt), asc(baselineChanges.id))
    .limit(1);
  return {
    paymentPlanId: plan.id,
    userId: plan.userId,
    termsVersion: plan.termsVersion,
    email: plan.email,
    ownerName: `${plan.firstName} ${plan.lastName}`.trim(),
    revenueSharePercentage: plan.revenueSharePercentage,
    baselineNetRevenue: firstCorrection?.old ?? plan.baselineNetRevenue,
    consentedAt: plan.consentedAt,
    implementationEndsAt: addDays(plan.consentedAt, IMPLEMENTATION_PERIOD_DAYS),
  };
}

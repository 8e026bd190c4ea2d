/**
 * A plan's charge of the card on file, made once (docs/behaviour/checkout-and-payments.md#payment-plan,
 * saved-cards/pending-charge.ts): which instalments it pays, its idempotency key, amount and card are
 * committed on those instalments (`pending_charge`) before the provider is asked; the answer is recorded,
 * and the mark cleared, in one transaction with the plan locked. A mark found without its answer (that
 * transaction failed, or the process stopped after the provider answered) is settled by asking again with
 * the same key, which the provider answers with the first charge, before those instalments are charged any
 * other way or refunded.
 */
import { PLAN_INSTALMENT_RETRY_DAYS } from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { nextLadderAttemptAt } from '@platform/service-kit/jobs';
import { and, eq, inArray } from 'drizzle-orm';
import { courseIdsOf, findOrder } from '../orders/orders.repository.js';
import type { PaymentDeps } from '../runtime.js';
import type { CardCharge } from '../saved-cards/card-vault.js';
import { askPendingCharge, type AskedCharge } from '../saved-cards/pending-charge.js';
import { listInstalments, lockPlan } from './payment-plans.repository.js';
import { enqueuePlanEvent, pausesAt, planRefOf, recordInstalmentsPaid } from './payment-plans.js';
import {
  planCharges,
  planInstalments,
  type PaymentPlanRow,
  type PendingPlanCharge,
  type PlanInstalmentRow,
} from './payment-plans.tables.js';

export interface SettledCharge {
  /** The provider's answer; 'refused': it charged nothing and the charge was given up. */
  charge: AskedCharge;
  /** The instalments it paid (none when it was declined). */
  paid: PlanInstalmentRow[];
}

/** Marks `numbers` as paid by `pending`, to be committed before the provider is asked. */
export async function markPendingCharge(
  tx: Executor,
  orderId: string,
  numbers: number[],
  pending: PendingPlanCharge,
): Promise<void> {
  await tx
    .update(planInstalments)
    .set({ pendingCharge: pending })
    .where(and(eq(planInstalments.orderId, orderId), inArray(planInstalments.number, numbers)));
}

/**
 * Asks the provider for the charge pending under `key` (again: the same key, amount and card) and records
 * its answer, with the plan locked; null when it is no longer pending (answered by someone else first).
 */
export async function settlePendingCharge(
  deps: PaymentDeps,
  tx: Executor,
  orderId: string,
  key: string,
): Promise<SettledCharge | null> {
  const plan = await lockPlan(tx, orderId);
  const rows = (await listInstalments(tx, orderId)).filter((row) => row.pendingCharge?.key === key);
  const pending = rows[0]?.pendingCharge;
  if (!plan || !pending) return null;
  const numbers = rows.map((row) => row.number);
  const unmark = () =>
    tx
      .update(planInstalments)
      .set({ pendingCharge: null })
      .where(and(eq(planInstalments.orderId, orderId), inArray(planInstalments.number, numbers)));
  // Any failure that may have charged throws: the mark stays, and the charge is asked again.
  const charge = await askPendingCharge(deps, pending);
  if (charge.status === 'refused') {
    // Nothing was charged: the mark goes, and the job's attempt is made again next round, as if unmade.
    await unmark();
    if (pending.attempt !== null) {
      await tx
        .delete(planCharges)
        .where(
          and(
            eq(planCharges.orderId, orderId),
            inArray(planCharges.number, numbers),
            eq(planCharges.attempt, pending.attempt),
          ),
        );
    }
    return { charge, paid: [] };
  }
  await unmark();
  const order = await findOrder(tx, orderId);
  const courseIds = order ? courseIdsOf(order.lines) : [];
  const now = deps.clock.now();
  if (pending.attempt !== null) {
    await tx
      .update(planCharges)
      .set({ outcome: charge.status, message: charge.status === 'paid' ? null : charge.message })
      .where(
        and(
          eq(planCharges.orderId, orderId),
          inArray(planCharges.number, numbers),
          eq(planCharges.attempt, pending.attempt),
        ),
      );
  }
  if (charge.status === 'paid') {
    const paid = await recordInstalmentsPaid(tx, deps.clock, plan, courseIds, {
      numbers,
      providerPaymentId: charge.providerPaymentId,
      paidAt: now,
    });
    return { charge, paid };
  }
  // The job's attempt failed: the buyer is told and the ladder goes on (the buyer's own payment is
  // answered to them instead).
  if (pending.attempt !== null) {
    for (const row of rows)
      await recordAttemptFailed(deps, tx, plan, courseIds, row, pending.attempt, charge);
  }
  return { charge, paid: [] };
}

/** Settles every charge of the plan asked and never answered (see settlePendingCharge). */
export async function settlePendingCharges(
  deps: PaymentDeps,
  tx: Executor,
  orderId: string,
): Promise<SettledCharge[]> {
  await lockPlan(tx, orderId);
  const keys = new Set(
    (await listInstalments(tx, orderId)).flatMap((row) => (row.pendingCharge ? [row.pendingCharge.key] : [])),
  );
  const settled: SettledCharge[] = [];
  for (const key of keys) {
    const one = await settlePendingCharge(deps, tx, orderId, key);
    if (one) settled.push(one);
  }
  return settled;
}

/** The job's attempt at one instalment did not pay: its failure, and when the ladder tries again. */
export async function recordAttemptFailed(
  deps: PaymentDeps,
  tx: Executor,
  plan: PaymentPlanRow,
  courseIds: number[],
  instalment: PlanInstalmentRow,
  attempt: number,
  charge: Exclude<CardCharge, { status: 'paid' }> | { status: 'no-card'; message: string },
): Promise<void> {
  await tx
    .update(planInstalments)
    .set({ lastFailure: charge.message })
    .where(and(eq(planInstalments.orderId, plan.orderId), eq(planInstalments.number, instalment.number)));
  const next =
    charge.status === 'declined'
      ? nextLadderAttemptAt(PLAN_INSTALMENT_RETRY_DAYS, instalment.dueAt, attempt)
      : null;
  const now = deps.clock.now();
  await enqueuePlanEvent(tx, deps.clock, 'payment.plan.instalment-failed', {
    ...planRefOf(plan, courseIds),
    number: instalment.number,
    attempt,
    amount: instalment.amount,
    message: charge.message,
    authenticationRequired: charge.status !== 'no-card' && charge.authenticationRequired === true,
    nextAttemptAt: next?.toISOString() ?? null,
    pausesAt: pausesAt(instalment).toISOString(),
    failedAt: now.toISOString(),
  });
}

/**
 * Charging a plan's later instalments to the card on file (docs/behaviour/checkout-and-payments.md#payment-plan):
 *
 * - the job's round (`collectDueInstalments`): every unpaid instalment whose next attempt is due on the
 *   kit's retry ladder (on its due date, then 3 and 7 days after it, while the card declines) is charged
 *   once: the attempt is claimed in `plan_charges` (primary key order, instalment, attempt) in the same
 *   transaction that charges it, with that key as the provider's idempotency key, so two replicas never
 *   charge one attempt twice; an attempt the provider could not make (no answer, a refused request) is
 *   tried again next round and holds up no other plan; then every plan with an instalment past its grace
 *   is paused, once;
 * - `payRemaining`: the buyer pays every unpaid instalment now, in one charge (or, after changing the card,
 *   only those already due: 'Pay the overdue instalment now').
 */
import { PAYMENT_PLAN_MESSAGES, PLAN_INSTALMENT_RETRY_DAYS } from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import { definePeriodicJob, dueLadderAttempt, nextLadderAttemptAt } from '@platform/service-kit/jobs';
import { and, eq } from 'drizzle-orm';
import { courseIdsOf, findOrder } from '../orders/orders.repository.js';
import type { PaymentDeps } from '../runtime.js';
import { vaultOfCard } from '../saved-cards/card-vaults.js';
import { findSavedCard } from '../saved-cards/saved-cards.repository.js';
import { listCharges, listInstalments, listUnpaidInstalments, lockPlan } from './payment-plans.repository.js';
import {
  enqueuePlanEvent,
  pausePlanOf,
  pausesAt,
  planRefOf,
  recordInstalmentsPaid,
} from './payment-plans.js';
import { planCharges, planInstalments, type PlanInstalmentRow } from './payment-plans.tables.js';

export const PLAN_INSTALMENTS_JOB = 'charge-plan-instalments';

export interface InstalmentsRound {
  charged: number;
  declined: number;
  paused: number;
  /** Attempts the provider could not make (no answer, or a refused request): tried again next round. */
  errors: number;
}

export async function collectDueInstalments(deps: PaymentDeps): Promise<InstalmentsRound> {
  const round: InstalmentsRound = { charged: 0, declined: 0, paused: 0, errors: 0 };
  const now = deps.clock.now();
  for (const instalment of await listUnpaidInstalments(deps.db)) {
    if (instalment.dueAt.getTime() > now.getTime()) continue;
    const attempts = (await listCharges(deps.db, instalment.orderId)).filter(
      (charge) => charge.number === instalment.number,
    );
    const attempt = dueLadderAttempt(
      PLAN_INSTALMENT_RETRY_DAYS,
      instalment.dueAt,
      attempts.map((charge) => ({ attempt: charge.attempt, retryable: charge.outcome === 'declined' })),
      now,
    );
    if (attempt !== null) {
      try {
        const outcome = await deps.db.transaction((tx) => chargeAttempt(deps, tx, instalment, attempt));
        if (outcome === 'paid') round.charged += 1;
        else if (outcome) round.declined += 1;
      } catch (error) {
        // Nothing was recorded: the next round tries this attempt again (same idempotency key), and the
        // other plans' payments are not held up behind it.
        round.errors += 1;
        deps.logger.warn(
          { err: error, orderId: instalment.orderId, number: instalment.number, attempt },
          'could not charge a plan instalment; will retry',
        );
      }
    }
    if (pausesAt(instalment).getTime() <= now.getTime() && instalment.status === 'active') {
      const order = await findOrder(deps.db, instalment.orderId);
      const paused = await deps.db.transaction((tx) =>
        pausePlanOf(tx, deps.clock, instalment.orderId, order ? courseIdsOf(order.lines) : []),
      );
      if (paused) round.paused += 1;
    }
  }
  if (round.charged + round.declined + round.paused + round.errors > 0)
    deps.logger.info(round, 'plan instalments collected');
  return round;
}

/** One attempt at one instalment; null when another replica (or the buyer) got there first. */
async function chargeAttempt(
  deps: PaymentDeps,
  tx: Executor,
  instalment: PlanInstalmentRow,
  attempt: number,
): Promise<'paid' | 'declined' | 'hard-decline' | 'no-card' | null> {
  const now = deps.clock.now();
  const [claimed] = await tx
    .insert(planCharges)
    .values({
      orderId: instalment.orderId,
      number: instalment.number,
      attempt,
      outcome: 'no-card',
      attemptedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!claimed) return null;
  const plan = await lockPlan(tx, instalment.orderId);
  const current = (await listInstalments(tx, instalment.orderId)).find(
    (row) => row.number === instalment.number,
  );
  if (!plan || !current || current.paidAt || (plan.status !== 'active' && plan.status !== 'paused')) {
    await tx
      .delete(planCharges)
      .where(
        and(
          eq(planCharges.orderId, instalment.orderId),
          eq(planCharges.number, instalment.number),
          eq(planCharges.attempt, attempt),
        ),
      );
    return null;
  }
  const order = await findOrder(tx, plan.orderId);
  const courseIds = order ? courseIdsOf(order.lines) : [];
  const card = await findSavedCard(tx, plan.userId);
  const vault = card ? vaultOfCard(deps, card.provider) : null;
  const charge =
    card && vault
      ? await vault.charge(card, current.amount, `plan:${plan.orderId}:${current.number}:${attempt}`)
      : ({ status: 'no-card', message: PAYMENT_PLAN_MESSAGES.noCard } as const);
  const setOutcome = (outcome: typeof claimed.outcome, message: string | null) =>
    tx
      .update(planCharges)
      .set({ outcome, message })
      .where(
        and(
          eq(planCharges.orderId, plan.orderId),
          eq(planCharges.number, current.number),
          eq(planCharges.attempt, attempt),
        ),
      );
  if (charge.status === 'paid') {
    await setOutcome('paid', null);
    await recordInstalmentsPaid(tx, deps.clock, plan, courseIds, {
      numbers: [current.number],
      providerPaymentId: charge.providerPaymentId,
      paidAt: now,
    });
    return 'paid';
  }
  await setOutcome(charge.status, charge.message);
  await tx
    .update(planInstalments)
    .set({ lastFailure: charge.message })
    .where(and(eq(planInstalments.orderId, plan.orderId), eq(planInstalments.number, current.number)));
  const next =
    charge.status === 'declined'
      ? nextLadderAttemptAt(PLAN_INSTALMENT_RETRY_DAYS, current.dueAt, attempt)
      : null;
  await enqueuePlanEvent(tx, deps.clock, 'payment.plan.instalment-failed', {
    ...planRefOf(plan, courseIds),
    number: current.number,
    attempt,
    amount: current.amount,
    message: charge.message,
    authenticationRequired: charge.status !== 'no-card' && charge.authenticationRequired === true,
    nextAttemptAt: next?.toISOString() ?? null,
    pausesAt: pausesAt(current).toISOString(),
    failedAt: now.toISOString(),
  });
  return charge.status;
}

/**
 * The buyer pays what is left of their plan now (`which` 'due': only the instalments already due), in one
 * charge of the card on file (idempotency key: the instalments it pays and the card). Returns the
 * instalments paid; 409 when nothing is left (or due), 422 when the card declines.
 */
export async function payRemaining(
  deps: PaymentDeps,
  orderId: string,
  userId: string,
  which: 'rest' | 'due' = 'rest',
): Promise<PlanInstalmentRow[]> {
  return deps.db.transaction(async (tx) => {
    const plan = await lockPlan(tx, orderId);
    if (!plan || plan.userId !== userId) throw new AppError('not_found', PAYMENT_PLAN_MESSAGES.notAPlan);
    const now = deps.clock.now();
    const unpaid = (await listInstalments(tx, orderId)).filter(
      (row) => !row.paidAt && (which === 'rest' || row.dueAt.getTime() <= now.getTime()),
    );
    if (unpaid.length === 0 || (plan.status !== 'active' && plan.status !== 'paused')) {
      throw new AppError(
        'conflict',
        which === 'due' ? PAYMENT_PLAN_MESSAGES.nothingDue : PAYMENT_PLAN_MESSAGES.nothingToPay,
      );
    }
    const card = await findSavedCard(tx, plan.userId);
    const vault = card ? vaultOfCard(deps, card.provider) : null;
    if (!card || !vault) throw new AppError('conflict', PAYMENT_PLAN_MESSAGES.noCard);
    const numbers = unpaid.map((row) => row.number);
    const amount = unpaid.reduce((sum, row) => sum + row.amount, 0);
    // The card is part of the key: after a decline, a card saved since is charged, not answered with the
    // decline the provider remembers for the old key.
    const charge = await vault.charge(
      card,
      amount,
      `plan:${orderId}:early:${numbers.join('-')}:${card.providerPaymentMethodId}`,
    );
    if (charge.status !== 'paid')
      throw new AppError('unprocessable', PAYMENT_PLAN_MESSAGES.declined(charge.message));
    const order = await findOrder(tx, orderId);
    return recordInstalmentsPaid(tx, deps.clock, plan, order ? courseIdsOf(order.lines) : [], {
      numbers,
      providerPaymentId: charge.providerPaymentId,
      paidAt: now,
    });
  });
}

/** A round every `PLAN_INSTALMENTS_INTERVAL_MS`, on one replica at a time (the kit's claim). */
export function planInstalmentsJob(deps: PaymentDeps) {
  return definePeriodicJob({
    name: PLAN_INSTALMENTS_JOB,
    everyMs: deps.config.RECONCILE_INTERVAL_MS,
    run: () => collectDueInstalments(deps),
  });
}

/**
 * Charging a plan's later instalments to the card on file (docs/behaviour/checkout-and-payments.md#payment-plan):
 *
 * - the job's round (`collectDueInstalments`): first every charge asked before and never answered is asked
 *   again with its own key (pending-charges.ts); then every unpaid instalment whose next attempt is due on
 *   the kit's retry ladder (on its due date, then 3 and 7 days after it, while the card declines) is
 *   charged once: the attempt is claimed in `plan_charges` (primary key order, instalment, attempt) and
 *   marked pending on the instalment in one committed transaction, then charged with that key as the
 *   provider's idempotency key and answered in another, so two replicas never charge one attempt twice and
 *   a charge whose answer was lost is never made again under another key; an attempt the provider could
 *   not make (no answer, a refused request) is asked again next round and holds up no other plan; then
 *   every plan with an instalment past its grace is paused, once;
 * - `payRemaining`: the buyer pays every unpaid instalment now, in one charge (or, after changing the card,
 *   only those already due: 'Pay the overdue instalment now'), made the same way, after any charge asked
 *   before and never answered.
 */
import { PAYMENT_PLAN_MESSAGES, PLAN_INSTALMENT_RETRY_DAYS } from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import { definePeriodicJob, dueLadderAttempt } from '@platform/service-kit/jobs';
import { and, eq } from 'drizzle-orm';
import { courseIdsOf, findOrder } from '../orders/orders.repository.js';
import type { PaymentDeps } from '../runtime.js';
import type { CardCharge } from '../saved-cards/card-vault.js';
import { vaultOfCard } from '../saved-cards/card-vaults.js';
import { findSavedCard } from '../saved-cards/saved-cards.repository.js';
import { cardAsked } from '../saved-cards/pending-charge.js';
import { listCharges, listInstalments, listUnpaidInstalments, lockPlan } from './payment-plans.repository.js';
import { pausePlanOf, pausesAt } from './payment-plans.js';
import { planCharges, type PlanInstalmentRow } from './payment-plans.tables.js';
import {
  markPendingCharge,
  recordAttemptFailed,
  settlePendingCharge,
  settlePendingCharges,
} from './pending-charges.js';

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
  // Charges asked before and never answered first: asked again with their own keys, they pay (or not)
  // the instalments they were for, and no new attempt is made at those meanwhile.
  const asked = new Set(
    (await listUnpaidInstalments(deps.db)).flatMap((row) => (row.pendingCharge ? [row.orderId] : [])),
  );
  for (const orderId of asked) {
    try {
      const settled = await deps.db.transaction((tx) => settlePendingCharges(deps, tx, orderId));
      for (const { charge } of settled) {
        if (charge.status === 'paid') round.charged += 1;
        else if (charge.status === 'refused') round.errors += 1;
        else round.declined += 1;
      }
    } catch (error) {
      round.errors += 1;
      deps.logger.warn(
        { err: error, orderId },
        'could not settle a plan charge asked before; will ask again',
      );
    }
  }
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
        const outcome = await chargeAttempt(deps, instalment, attempt);
        if (outcome === 'paid') round.charged += 1;
        else if (outcome) round.declined += 1;
      } catch (error) {
        // The attempt stays asked (or was never made): the next round asks again with the same
        // idempotency key, and the other plans' payments are not held up behind it.
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

/**
 * One attempt at one instalment: claimed and marked pending in one transaction, then asked of the provider
 * and answered in another (pending-charges.ts); null when another replica (or the buyer) got there first.
 */
async function chargeAttempt(
  deps: PaymentDeps,
  instalment: PlanInstalmentRow,
  attempt: number,
): Promise<CardCharge['status'] | 'no-card' | null> {
  const key = `plan:${instalment.orderId}:${instalment.number}:${attempt}`;
  const asked = await deps.db.transaction((tx) => claimAttempt(deps, tx, instalment, attempt, key));
  if (asked !== 'asked') return asked;
  const settled = await deps.db.transaction((tx) => settlePendingCharge(deps, tx, instalment.orderId, key));
  if (settled?.charge.status === 'refused') throw settled.charge.error;
  // Answered first by another round (asking with this same key), which counted it.
  return settled?.charge.status ?? null;
}

async function claimAttempt(
  deps: PaymentDeps,
  tx: Executor,
  instalment: PlanInstalmentRow,
  attempt: number,
  key: string,
): Promise<'asked' | 'no-card' | null> {
  const [claimed] = await tx
    .insert(planCharges)
    .values({
      orderId: instalment.orderId,
      number: instalment.number,
      attempt,
      outcome: 'pending',
      attemptedAt: deps.clock.now(),
    })
    .onConflictDoNothing()
    .returning();
  if (!claimed) return null;
  // A charge asked before and never answered may have paid this instalment already.
  await settlePendingCharges(deps, tx, instalment.orderId);
  const plan = await lockPlan(tx, instalment.orderId);
  const current = (await listInstalments(tx, instalment.orderId)).find(
    (row) => row.number === instalment.number,
  );
  const where = and(
    eq(planCharges.orderId, instalment.orderId),
    eq(planCharges.number, instalment.number),
    eq(planCharges.attempt, attempt),
  );
  if (!plan || !current || current.paidAt || (plan.status !== 'active' && plan.status !== 'paused')) {
    await tx.delete(planCharges).where(where);
    return null;
  }
  const card = await findSavedCard(tx, plan.userId);
  const vault = card ? vaultOfCard(deps, card.provider) : null;
  if (!card || !vault) {
    const message = PAYMENT_PLAN_MESSAGES.noCard;
    await tx.update(planCharges).set({ outcome: 'no-card', message }).where(where);
    const order = await findOrder(tx, plan.orderId);
    await recordAttemptFailed(deps, tx, plan, order ? courseIdsOf(order.lines) : [], current, attempt, {
      status: 'no-card',
      message,
    });
    return 'no-card';
  }
  await markPendingCharge(tx, plan.orderId, [current.number], {
    key,
    amount: current.amount,
    attempt,
    card: cardAsked(card),
    askedAt: deps.clock.now().toISOString(),
  });
  return 'asked';
}

/**
 * The buyer pays what is left of their plan now (`which` 'due': only the instalments already due), in one
 * charge of the card on file (idempotency key: the instalments it pays and the card), made once as the
 * job's are (pending-charges.ts). Returns the instalments paid; 409 when nothing is left (or due), 422 when
 * the card declines.
 */
export async function payRemaining(
  deps: PaymentDeps,
  orderId: string,
  userId: string,
  which: 'rest' | 'due' = 'rest',
): Promise<PlanInstalmentRow[]> {
  const asked = await deps.db.transaction(async (tx) => {
    const owned = await lockPlan(tx, orderId);
    if (!owned || owned.userId !== userId) throw new AppError('not_found', PAYMENT_PLAN_MESSAGES.notAPlan);
    // A charge asked before and never answered (the job's, or another press of this button) is answered
    // first, with its own key: what it paid is not charged again, and this press is told nothing is left.
    await settlePendingCharges(deps, tx, orderId);
    const plan = (await lockPlan(tx, orderId))!;
    const now = deps.clock.now();
    const unpaid = (await listInstalments(tx, orderId)).filter(
      (row) => !row.paidAt && (which === 'rest' || row.dueAt.getTime() <= now.getTime()),
    );
    // Refused after the commit: what was settled above stays recorded.
    if (unpaid.length === 0 || (plan.status !== 'active' && plan.status !== 'paused')) {
      return {
        refusal: which === 'due' ? PAYMENT_PLAN_MESSAGES.nothingDue : PAYMENT_PLAN_MESSAGES.nothingToPay,
      };
    }
    const card = await findSavedCard(tx, plan.userId);
    const vault = card ? vaultOfCard(deps, card.provider) : null;
    if (!card || !vault) return { refusal: PAYMENT_PLAN_MESSAGES.noCard };
    const numbers = unpaid.map((row) => row.number);
    // The card is part of the key: after a decline, a card saved since is charged, not answered with the
    // decline the provider remembers for the old key.
    const key = `plan:${orderId}:early:${numbers.join('-')}:${card.providerPaymentMethodId}`;
    await markPendingCharge(tx, orderId, numbers, {
      key,
      amount: unpaid.reduce((sum, row) => sum + row.amount, 0),
      attempt: null,
      card: cardAsked(card),
      askedAt: now.toISOString(),
    });
    return { key, numbers };
  });
  if (asked.refusal !== undefined) throw new AppError('conflict', asked.refusal);
  const settled = await deps.db.transaction((tx) => settlePendingCharge(deps, tx, orderId, asked.key));
  if (!settled) {
    // Answered first by whoever found it pending (the job's round, another press, a refund), asking with
    // this same key: the instalments say how it went.
    const paid = (await listInstalments(deps.db, orderId)).filter(
      (row) => asked.numbers.includes(row.number) && row.paidAt,
    );
    if (paid.length === asked.numbers.length) return paid;
    throw new AppError('unprocessable', PAYMENT_PLAN_MESSAGES.declined('Your card was declined.'));
  }
  if (settled.charge.status === 'refused') throw settled.charge.error;
  if (settled.charge.status !== 'paid')
    throw new AppError('unprocessable', PAYMENT_PLAN_MESSAGES.declined(settled.charge.message));
  return settled.paid;
}

/** A round every `PLAN_INSTALMENTS_INTERVAL_MS`, on one replica at a time (the kit's claim). */
export function planInstalmentsJob(deps: PaymentDeps) {
  return definePeriodicJob({
    name: PLAN_INSTALMENTS_JOB,
    everyMs: deps.config.RECONCILE_INTERVAL_MS,
    run: () => collectDueInstalments(deps),
  });
}

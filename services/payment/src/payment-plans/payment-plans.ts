/**
 * Flexible Payments' plans (docs/behaviour/checkout-and-payments.md#payment-plan; docs/decisions.md, 98):
 *
 * - `startPaymentPlan`: in the fulfilment of the checkout's order (which paid instalment 1), the plan and its
 *   three instalments, due monthly from that payment; the card that paid is kept on file for the rest
 *   (Stripe's checkout keeps it for off-session use; the test provider's stands for that).
 * - `recordInstalmentsPaid`: instalments paid (by the job's charge, or early by the buyer), once each (a
 *   conditional update on `paid_at is null`), `payment.plan.instalment-paid`, and the plan completes or, paused
 *   with nothing overdue left, resumes (`payment.plan.resumed`).
 * - `pauseOverduePlans`: an active plan with an instalment unpaid `PLAN_GRACE_DAYS` after its due date is
 *   paused (`payment.plan.paused`, once: the update is conditional on `active`).
 *
 * Every change runs with the plan row locked (`lockPlan`), so the job on several replicas and the buyer's
 * early payment take turns.
 */
import {
  PAYMENT_PLAN_INSTALMENTS,
  PLAN_GRACE_DAYS,
  PLAN_INSTALMENT_RETRY_DAYS,
  instalmentDueDate,
  splitInstalments,
  type EventData,
  type EventType,
  type InstalmentState,
  type PaymentPlan,
  type PaymentPlanStatus,
} from '@platform/contracts';
import { DAY, type Clock } from '@platform/service-kit/clock';
import type { Executor } from '@platform/service-kit/db';
import { enqueueEvent } from '@platform/service-kit/events';
import { nextLadderAttemptAt } from '@platform/service-kit/jobs';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { outboxEvents } from '../db/schema.js';
import type { OrderWithLines } from '../orders/orders.repository.js';
import type { KeptCard } from '../providers/payment-provider.js';
import type { PaymentDeps } from '../runtime.js';
import { vaultOfCard } from '../saved-cards/card-vaults.js';
import { testSavedCard } from '../saved-cards/card-vault.js';
import { findSavedCard, saveCard } from '../saved-cards/saved-cards.repository.js';
import { listInstalments, lockPlan, type PlanWithInstalments } from './payment-plans.repository.js';
import { settlePendingCharges } from './pending-charges.js';
import {
  paymentPlans,
  planInstalments,
  type PaymentPlanRow,
  type PlanInstalmentRow,
} from './payment-plans.tables.js';

/** The plan's reference in its events. */
export interface PlanRef {
  orderId: string;
  userId: string;
  email: string;
  firstName: string;
  courseIds: number[];
}

export function planRefOf(plan: PaymentPlanRow, courseIds: number[]): PlanRef {
  return {
    orderId: plan.orderId,
    userId: plan.userId,
    email: plan.email,
    firstName: plan.firstName,
    courseIds,
  };
}

export async function enqueuePlanEvent<T extends EventType>(
  tx: Executor,
  clock: Clock,
  type: T,
  data: EventData<T>,
): Promise<void> {
  await enqueueEvent(tx, outboxEvents, { type, data }, { clock });
}

/** In the fulfilment of a Flexible Payments order: its plan, instalment 1 paid by this very payment. */
export async function startPaymentPlan(
  tx: Executor,
  order: OrderWithLines,
  payment: { providerPaymentId: string | null; paidAt: Date; keptCard: KeptCard | null },
  clock: Clock,
): Promise<void> {
  if (!order.placedByUserId) throw new Error(`plan order ${order.id} has no signed-in buyer`);
  const total = order.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const [created] = await tx
    .insert(paymentPlans)
    .values({
      orderId: order.id,
      userId: order.placedByUserId,
      email: order.accountEmail ?? order.customerEmail,
      firstName: order.customerFirstName,
      total,
      status: 'active',
      createdAt: payment.paidAt,
    })
    .onConflictDoNothing()
    .returning({ orderId: paymentPlans.orderId });
  if (!created) return;
  await tx.insert(planInstalments).values(
    splitInstalments(total, PAYMENT_PLAN_INSTALMENTS).map((amount, index) => ({
      orderId: order.id,
      number: index + 1,
      amount,
      dueAt: instalmentDueDate(payment.paidAt, index + 1),
      ...(index === 0 ? { paidAt: payment.paidAt, providerPaymentId: payment.providerPaymentId } : {}),
    })),
  );
  const owner = { userId: order.placedByUserId, email: order.accountEmail ?? order.customerEmail };
  const name = `${order.customerFirstName} ${order.customerLastName}`.trim();
  // Stripe kept the card that paid (setup_future_usage): it becomes the account's card on file, replacing
  // an older one, as a newly saved card does (docs/decisions.md, 113).
  if (order.provider === 'stripe' && payment.keptCard) {
    await saveCard(
      tx,
      { ...owner, name, provider: 'stripe', ...payment.keptCard, savedAt: payment.paidAt },
      clock,
    );
  }
  // The test provider's checkout stands for a card payment whose card is kept for the later instalments.
  if (order.provider === 'test' && !(await findSavedCard(tx, order.placedByUserId))) {
    await saveCard(tx, { ...testSavedCard(owner, 'pays', payment.paidAt), name }, clock);
  }
}

/**
 * Marks the unpaid ones of `numbers` paid by one charge, then completes or resumes the plan. Returns the
 * instalments it paid (none when another caller paid them first). The plan must be locked.
 */
export async function recordInstalmentsPaid(
  tx: Executor,
  clock: Clock,
  plan: PaymentPlanRow,
  courseIds: number[],
  charge: { numbers: number[]; providerPaymentId: string; paidAt: Date },
): Promise<PlanInstalmentRow[]> {
  const paid = await tx
    .update(planInstalments)
    .set({ paidAt: charge.paidAt, providerPaymentId: charge.providerPaymentId, lastFailure: null })
    .where(
      and(
        eq(planInstalments.orderId, plan.orderId),
        inArray(planInstalments.number, charge.numbers),
        isNull(planInstalments.paidAt),
      ),
    )
    .returning();
  if (paid.length === 0) return [];
  const instalments = await listInstalments(tx, plan.orderId);
  const unpaid = instalments.filter((row) => !row.paidAt);
  const ref = planRefOf(plan, courseIds);
  await enqueuePlanEvent(tx, clock, 'payment.plan.instalment-paid', {
    ...ref,
    numbers: paid.map((row) => row.number).sort((a, b) => a - b),
    amount: paid.reduce((sum, row) => sum + row.amount, 0),
    remaining: unpaid.reduce((sum, row) => sum + row.amount, 0),
    paidAt: charge.paidAt.toISOString(),
  });
  const overdue = unpaid.some((row) => pausesAt(row).getTime() <= charge.paidAt.getTime());
  if (plan.status === 'paused' && !overdue) {
    await enqueuePlanEvent(tx, clock, 'payment.plan.resumed', {
      ...ref,
      resumedAt: charge.paidAt.toISOString(),
    });
  }
  if (unpaid.length === 0) {
    await tx
      .update(paymentPlans)
      .set({ status: 'completed', completedAt: charge.paidAt, pausedAt: null })
      .where(eq(paymentPlans.orderId, plan.orderId));
  } else if (plan.status === 'paused' && !overdue) {
    await tx
      .update(paymentPlans)
      .set({ status: 'active', pausedAt: null })
      .where(eq(paymentPlans.orderId, plan.orderId));
  }
  return paid;
}

/** When an unpaid instalment pauses its plan: the end of its grace. */
export function pausesAt(instalment: Pick<PlanInstalmentRow, 'dueAt'>): Date {
  return new Date(instalment.dueAt.getTime() + PLAN_GRACE_DAYS * DAY);
}

/** Pauses the plan of an instalment past its grace, once; returns whether this call paused it. */
export async function pausePlanOf(
  tx: Executor,
  clock: Clock,
  orderId: string,
  courseIds: number[],
): Promise<boolean> {
  const plan = await lockPlan(tx, orderId);
  if (!plan || plan.status !== 'active') return false;
  const now = clock.now();
  const overdue = (await listInstalments(tx, orderId)).some(
    (row) => !row.paidAt && pausesAt(row).getTime() <= now.getTime(),
  );
  if (!overdue) return false;
  await tx
    .update(paymentPlans)
    .set({ status: 'paused', pausedAt: now })
    .where(eq(paymentPlans.orderId, orderId));
  await enqueuePlanEvent(tx, clock, 'payment.plan.paused', {
    ...planRefOf(plan, courseIds),
    pausedAt: now.toISOString(),
  });
  return true;
}

/** The plan as the buyer and the admin read it (its card is added by plan-views.ts). */
export function toPaymentPlanView(plan: PlanWithInstalments, now: Date): Omit<PaymentPlan, 'card'> {
  const paid = plan.instalments.filter((row) => row.paidAt).reduce((sum, row) => sum + row.amount, 0);
  return {
    status: plan.status,
    total: plan.total,
    paid,
    remaining: plan.status === 'refunded' ? 0 : plan.total - paid,
    instalments: plan.instalments.map((row) => {
      const attempts = plan.charges.filter((charge) => charge.number === row.number);
      const last = attempts.reduce<(typeof attempts)[number] | null>(
        (latest, charge) => (latest && latest.attempt > charge.attempt ? latest : charge),
        null,
      );
      const unpaid = !row.paidAt && plan.status !== 'refunded';
      const next = !unpaid
        ? null
        : !last
          ? row.dueAt
          : last.outcome === 'declined'
            ? nextLadderAttemptAt(PLAN_INSTALMENT_RETRY_DAYS, row.dueAt, last.attempt)
            : null;
      return {
        number: row.number,
        amount: row.amount,
        dueAt: row.dueAt.toISOString(),
        state: instalmentState(row, plan.status, now),
        paidAt: row.paidAt?.toISOString() ?? null,
        lastFailure: unpaid ? row.lastFailure : null,
        nextAttemptAt: next?.toISOString() ?? null,
      };
    }),
  };
}

function instalmentState(row: PlanInstalmentRow, status: PaymentPlanStatus, now: Date): InstalmentState {
  if (row.refundedAt) return 'refunded';
  if (row.paidAt) return 'paid';
  if (status === 'refunded') return 'cancelled';
  if (pausesAt(row).getTime() <= now.getTime()) return 'overdue';
  return row.dueAt.getTime() <= now.getTime() ? 'due' : 'scheduled';
}

/**
 * Before a plan's order is refunded: a charge of it asked and never answered is settled first
 * (pending-charges.ts), the plan stops (no further charge), and each later payment not yet refunded is
 * refunded through the vault that charged it (once per payment, an already-refunded answer included) and
 * recorded on its instalments at once, so a refund tried again after a failure skips it.
 * Returns the cents the later payments returned, now or before (instalment 1 is the order's own payment,
 * recorded with the order: `recordFirstInstalmentRefunded`); 0 for an order without a plan.
 */
export async function refundPlanInstalments(
  deps: PaymentDeps,
  order: Pick<OrderWithLines, 'id' | 'provider'>,
): Promise<number> {
  const later = await deps.db.transaction(async (tx) => {
    const plan = await lockPlan(tx, order.id);
    if (!plan) return null;
    // A charge asked and never answered is asked again (its own key) first: what it took is refunded too.
    await settlePendingCharges(deps, tx, order.id);
    await tx.update(paymentPlans).set({ status: 'refunded' }).where(eq(paymentPlans.orderId, order.id));
    return (await listInstalments(tx, order.id)).filter((row) => row.number > 1 && row.paidAt);
  });
  if (!later) return 0;
  const unrefunded = new Set(
    later.flatMap((row) => (!row.refundedAt && row.providerPaymentId ? [row.providerPaymentId] : [])),
  );
  if (unrefunded.size > 0) {
    const vault = vaultOfCard(deps, order.provider === 'stripe' ? 'stripe' : 'test');
    if (!vault) throw new Error(`no card vault to refund the instalments of order ${order.id}`);
    for (const paymentId of unrefunded) {
      await vault.refund(paymentId);
      await deps.db
        .update(planInstalments)
        .set({ refundedAt: deps.clock.now() })
        .where(
          and(
            eq(planInstalments.orderId, order.id),
            eq(planInstalments.providerPaymentId, paymentId),
            isNull(planInstalments.refundedAt),
          ),
        );
    }
  }
  return later.reduce((sum, row) => sum + row.amount, 0);
}

/** In the transaction that records the order refunded: its plan's instalment 1, the order's own payment. */
export async function recordFirstInstalmentRefunded(tx: Executor, orderId: string, at: Date): Promise<void> {
  await tx
    .update(planInstalments)
    .set({ refundedAt: at })
    .where(
      and(
        eq(planInstalments.orderId, orderId),
        eq(planInstalments.number, 1),
        isNotNull(planInstalments.paidAt),
        isNull(planInstalments.refundedAt),
      ),
    );
}

/**
 * The payment plans' tables (re-exported by db/schema.ts so drizzle-kit sees them): each Flexible Payments
 * order's plan, its instalments, and every automatic attempt at charging one.
 */
import { PAYMENT_PLAN_STATUS_VALUES } from '@platform/contracts';
import { sql } from 'drizzle-orm';
import { timestamptz } from '@platform/service-kit/columns';
import { check, index, integer, jsonb, pgSchema, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { PendingCharge } from '../saved-cards/pending-charge.js';

const paymentSchema = pgSchema('payment');

/** Which instalment a row is about: the plan's order and the instalment's number (1, 2, …). */
function instalmentKeyColumns() {
  return {
    orderId: uuid('order_id').notNull(),
    number: integer('number').notNull(),
  };
}

/** One per Flexible Payments order (primary key = the order made at checkout, which paid instalment 1). */
export const paymentPlans = paymentSchema.table(
  'payment_plans',
  {
    orderId: uuid('order_id').primaryKey(),
    /** The signed-in buyer: whose card on file pays the later instalments, whose course pauses. */
    userId: text('user_id').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    /** Cents: the price of the programme, the sum of the instalments. */
    total: integer('total').notNull(),
    status: text('status', { enum: PAYMENT_PLAN_STATUS_VALUES }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
    pausedAt: timestamptz('paused_at'),
    completedAt: timestamptz('completed_at'),
  },
  (table) => [index('payment_plans_status_idx').on(table.status)],
);

/**
 * A charge asked of the card's provider whose answer is not recorded yet, on each instalment it pays
 * (payment-plans/pending-charges.ts, saved-cards/pending-charge.ts): committed before the provider is
 * asked, cleared with its answer; `amount` is the whole charge (every instalment marked with its key).
 */
export interface PendingPlanCharge extends PendingCharge {
  /** The job's attempt (`plan_charges`), or null for the buyer's payment now. */
  attempt: number | null;
}

/** The plan's instalments; instalment 1 is the checkout's own payment. */
export const planInstalments = paymentSchema.table(
  'plan_instalments',
  {
    ...instalmentKeyColumns(),
    /** Cents. */
    amount: integer('amount').notNull(),
    dueAt: timestamptz('due_at').notNull(),
    paidAt: timestamptz('paid_at'),
    /** The provider's payment (what a refund goes against). */
    providerPaymentId: text('provider_payment_id'),
    refundedAt: timestamptz('refunded_at'),
    lastFailure: text('last_failure'),
    pendingCharge: jsonb('pending_charge').$type<PendingPlanCharge>(),
  },
  (table) => [
    primaryKey({ name: 'plan_instalments_pkey', columns: [table.orderId, table.number] }),
    index('plan_instalments_unpaid_idx')
      .on(table.dueAt)
      .where(sql`${table.paidAt} is null`),
    check('plan_instalments_amount_positive', sql`${table.amount} > 0`),
  ],
);

/** 'pending': asked of the provider, its answer not recorded yet (the instalment's `pending_charge`). */
export const PLAN_CHARGE_OUTCOMES = ['pending', 'paid', 'declined', 'hard-decline', 'no-card'] as const;

/**
 * Each automatic attempt at an instalment, claimed by its primary key before the card is charged: two
 * replicas running the job at once make it once, and its key is the provider's idempotency key.
 */
export const planCharges = paymentSchema.table(
  'plan_charges',
  {
    ...instalmentKeyColumns(),
    attempt: integer('attempt').notNull(),
    outcome: text('outcome', { enum: PLAN_CHARGE_OUTCOMES }).notNull(),
    message: text('message'),
    attemptedAt: timestamptz('attempted_at').notNull(),
  },
  (table) => [
    primaryKey({ name: 'plan_charges_pkey', columns: [table.orderId, table.number, table.attempt] }),
  ],
);

export type PaymentPlanRow = typeof paymentPlans.$inferSelect;
export type PlanInstalmentRow = typeof planInstalments.$inferSelect;
export type PlanChargeRow = typeof planCharges.$inferSelect;

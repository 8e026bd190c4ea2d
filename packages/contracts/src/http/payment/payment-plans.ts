/**
 * Flexible Payments as a payment plan (docs/behaviour/checkout-and-payments.md#payment-plan): three monthly
 * instalments of the programme's price, the first at checkout, the others charged to the card on file on
 * their due dates, retried after a decline, and the course paused once an instalment is past its grace.
 */
import { z } from 'zod';
import { cardLast4, isoDateTime } from '../fields.js';

/** The catalogue product sold as a plan, and how it is split. */
export const PAYMENT_PLAN_PRODUCT_ID = 'flexible-payments-program';
export const PAYMENT_PLAN_INSTALMENTS = 3;
/** Each instalment's attempts: on its due date, then 3 and 7 days after it (the kit's retry ladder). */
export const PLAN_INSTALMENT_RETRY_DAYS = [0, 3, 7] as const;
/** Days an instalment may stay unpaid after its due date before the course pauses. */
export const PLAN_GRACE_DAYS = 7;

/**
 * `total` cents in `count` instalments that add up to it exactly: equal whole cents, the remainder on the
 * last (159 700 → 53 233, 53 233, 53 234).
 */
export function splitInstalments(total: number, count: number = PAYMENT_PLAN_INSTALMENTS): number[] {
  const each = Math.floor(total / count);
  return Array.from({ length: count }, (_, index) =>
    index === count - 1 ? total - each * (count - 1) : each,
  );
}

interface BillableLine {
  productId: string;
  name: string;
  unitPrice: number;
  quantity: number;
}

/** Instalment `number` of `of` as the one line it is billed on: `amount` cents, named after the programme. */
export function instalmentLine<L extends BillableLine>(
  line: L,
  instalment: { number: number; of: number },
  amount: number,
): L {
  return {
    ...line,
    name: `${line.name} (payment ${instalment.number} of ${instalment.of})`,
    unitPrice: amount,
    quantity: 1,
  };
}

/**
 * An order's lines as charged (an invoice's, a receipt's): a plan's order keeps the programme's price on its
 * line, but its checkout charged the first instalment (`total`), so it is billed as that instalment.
 */
export function billedLinesOf<L extends BillableLine>(order: { lines: readonly L[]; total: number }): L[] {
  if (!order.lines.some((line) => line.productId === PAYMENT_PLAN_PRODUCT_ID)) return [...order.lines];
  return order.lines.map((line) =>
    instalmentLine(line, { number: 1, of: PAYMENT_PLAN_INSTALMENTS }, order.total),
  );
}

/** The due date of instalment `number` (1-based) of a plan whose first was paid at `firstPaidAt`: monthly. */
export function instalmentDueDate(firstPaidAt: Date, number: number): Date {
  const due = new Date(firstPaidAt);
  const day = due.getUTCDate();
  due.setUTCDate(1);
  due.setUTCMonth(due.getUTCMonth() + number - 1);
  // The 31st of a shorter month falls on its last day.
  const lastDay = new Date(Date.UTC(due.getUTCFullYear(), due.getUTCMonth() + 1, 0)).getUTCDate();
  due.setUTCDate(Math.min(day, lastDay));
  return due;
}

export const PAYMENT_PLAN_STATUS_VALUES = ['active', 'paused', 'completed', 'refunded'] as const;
export const PaymentPlanStatusSchema = z.enum(PAYMENT_PLAN_STATUS_VALUES);
export type PaymentPlanStatus = z.infer<typeof PaymentPlanStatusSchema>;

/**
 * `scheduled`: not due yet; `due`: due and being retried; `overdue`: past its grace; `paid`; `refunded`;
 * `cancelled`: never to be charged (the plan was refunded).
 */
export const INSTALMENT_STATE_VALUES = [
  'scheduled',
  'due',
  'overdue',
  'paid',
  'refunded',
  'cancelled',
] as const;
export const InstalmentStateSchema = z.enum(INSTALMENT_STATE_VALUES);
export type InstalmentState = z.infer<typeof InstalmentStateSchema>;

export const PlanInstalmentSchema = z.object({
  number: z.number().int().min(1),
  /** Cents. */
  amount: z.number().int().positive(),
  dueAt: isoDateTime,
  state: InstalmentStateSchema,
  paidAt: isoDateTime.nullable(),
  /** The last decline's message while it is unpaid, else null. */
  lastFailure: z.string().nullable(),
  /** The next automatic attempt while it is unpaid, else null. */
  nextAttemptAt: isoDateTime.nullable(),
});
export type PlanInstalment = z.infer<typeof PlanInstalmentSchema>;

export const PaymentPlanSchema = z.object({
  status: PaymentPlanStatusSchema,
  /** Cents: the programme's price, the sum of the instalments. */
  total: z.number().int().positive(),
  /** Cents paid so far. */
  paid: z.number().int().nonnegative(),
  /** Cents still to pay (what 'Pay the rest now' charges). */
  remaining: z.number().int().nonnegative(),
  instalments: z.array(PlanInstalmentSchema),
  /** The card on file the later instalments are charged to (the buyer's account's), null without one. */
  card: z.object({ brand: z.string(), last4: cardLast4 }).nullable(),
});
export type PaymentPlan = z.infer<typeof PaymentPlanSchema>;

export const PAYMENT_PLAN_MESSAGES = {
  signInRequired:
    'Please sign in to pay in instalments: the next payments are charged to the card on your account.',
  alone: 'Flexible Payments must be bought on its own. Please remove the other products from your cart.',
  noCoupon: 'Coupons cannot be used with Flexible Payments.',
  cardOnly: 'Flexible Payments is paid by card. Please choose Credit Card.',
  unavailable:
    'Flexible Payments is not available with this card provider yet. Please choose another program.',
  notAPlan: 'This order is not a payment plan.',
  nothingToPay: 'Nothing is left to pay on this plan.',
  nothingDue: 'No payment of this plan is due now.',
  noCard:
    "There is no card on your account. Please add one with 'Change card' on Orders & billing and try again.",
  declined: (message: string) => `Your card was declined: ${message}`,
} as const;

/**
 * How Orders & billing words a payment plan for its buyer (docs/behaviour/checkout-and-payments.md#payment-plan):
 * the early payment, the paused course and changing the card (the schedule's own words are
 * `@platform/ui/payment-plan-schedule`'s).
 */
import type { MyOrder, PaymentPlan, SavedCardOutcome } from '@platform/contracts';

export const PLAN_COPY = {
  payRest: 'Pay the rest now',
  payRestDescription: (amount: string) =>
    `${amount} is charged now to the card on your account, and the plan is paid in full.`,
  payRestConfirm: (amount: string) => `Pay ${amount}`,
  paying: 'Paying…',
  paid: 'Plan paid in full',
  paidDescription: 'Thank you: nothing more will be charged.',
  payFailed: 'The payment could not be made. Please try again or contact support.',
  paused:
    'Your course is paused because a payment is more than 7 days late. Pay the rest now and it opens again at once, with your progress.',
  cardNote:
    'The next payments are charged on their due dates to the card on file. Changing it charges nothing.',
  changeCard: 'Change card',
  addCard: 'Add a card',
  openingCard: 'Opening the card page…',
  cardPageFailed: 'Could not open the card page. Please try again.',
  payDue: 'Pay the overdue instalment now',
  payingDue: 'Paying…',
  paidDue: 'Overdue payment made',
  paidDueDescription: 'Your plan is up to date.',
} as const;

/** What Orders & billing says when the card page sends the buyer back (`?card=saved|cancelled|failed`). */
export const CARD_OUTCOME_COPY: Record<SavedCardOutcome, { title: string; text: string }> = {
  saved: { title: 'Card saved', text: 'The next payments of your plan are charged to this card.' },
  cancelled: {
    title: 'Card not changed',
    text: 'You left the card page without saving a card: the plan charges the card it had.',
  },
  failed: { title: 'Card not saved', text: 'The card could not be saved. Please try again.' },
};

/** 'Payment 2 of 3 ($532.33) is due: pay it now with the new card, or it is tried again on …'. */
export function overdueOffer(amount: string, numbers: number[], count: number): string {
  const which =
    numbers.length === 1
      ? `Payment ${numbers[0]} of ${count}`
      : `Payments ${numbers.join(' and ')} of ${count}`;
  return `${which} (${amount}) ${numbers.length === 1 ? 'is' : 'are'} overdue: you can pay ${numbers.length === 1 ? 'it' : 'them'} now with this card.`;
}

/** The instalments due and unpaid (being retried, or overdue): what 'Pay the overdue instalment now' pays. */
export function overdueOf(plan: Pick<PaymentPlan, 'instalments'>): { numbers: number[]; amount: number } {
  const due = plan.instalments.filter((row) => row.state === 'due' || row.state === 'overdue');
  return { numbers: due.map((row) => row.number), amount: due.reduce((sum, row) => sum + row.amount, 0) };
}

/** What the buyer paid on the order: a plan's instalments so far, else the order's total (cents). */
export function paidOn(order: Pick<MyOrder, 'total' | 'paymentPlan'>): number {
  return order.paymentPlan ? order.paymentPlan.paid : order.total;
}

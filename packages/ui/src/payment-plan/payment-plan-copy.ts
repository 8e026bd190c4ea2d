/**
 * How a payment plan's schedule is worded wherever it is shown: the buyer's Orders & billing and the admin's
 * customer page (docs/behaviour/checkout-and-payments.md#payment-plan).
 */
import type { InstalmentState, PaymentPlan, PaymentPlanStatus } from '@platform/contracts';

export const SCHEDULE_COPY = {
  heading: 'Payment plan: 3 monthly payments',
  noCard: 'No card on file',
  /** 'Card on file: Visa ending 4242'. */
  card: (card: NonNullable<PaymentPlan['card']>) => `Card on file: ${card.brand} ending ${card.last4}`,
} as const;

export const PLAN_STATUS_LABELS: Record<
  PaymentPlanStatus,
  { label: string; variant: 'success' | 'secondary' | 'outline' | 'destructive' }
> = {
  active: { label: 'On schedule', variant: 'secondary' },
  paused: { label: 'Paused: payment overdue', variant: 'destructive' },
  completed: { label: 'Paid in full', variant: 'success' },
  refunded: { label: 'Refunded', variant: 'outline' },
};

export const INSTALMENT_STATE_LABELS: Record<InstalmentState, string> = {
  scheduled: 'Scheduled',
  due: 'Due: being retried',
  overdue: 'Overdue',
  paid: 'Paid',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
};

/** Whether the plan still charges: anything left may be paid or retried. */
export function isPlanRunning(plan: Pick<PaymentPlan, 'status'>): boolean {
  return plan.status === 'active' || plan.status === 'paused';
}

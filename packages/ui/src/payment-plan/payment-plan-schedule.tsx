/**
 * @platform/ui/payment-plan-schedule: a Flexible Payments order's schedule
 * (docs/behaviour/checkout-and-payments.md#payment-plan), the same for the buyer on Orders & billing and the
 * admin on the customer's page: the plan's state, each instalment with its amount, due or paid date, the
 * next attempt and last decline, what is paid and left, and the card on file it charges. Each page adds
 * its own words (`notice`) and buttons (`actions`, `cardAction`). Its own entry, so only those pages load it.
 */
import type { ReactNode } from 'react';
import type { PaymentPlan } from '@platform/contracts';
import { formatDate, formatMoney } from '@platform/contracts/format';
import { Badge } from '../components/badge';
import {
  INSTALMENT_STATE_LABELS,
  PLAN_STATUS_LABELS,
  SCHEDULE_COPY,
  isPlanRunning,
} from './payment-plan-copy';

export { INSTALMENT_STATE_LABELS, PLAN_STATUS_LABELS, SCHEDULE_COPY, isPlanRunning };

const DATE = { style: 'long' } as const;

export interface PaymentPlanScheduleProps {
  plan: PaymentPlan;
  /** Said under the heading (the buyer's paused course, a card just saved). */
  notice?: ReactNode;
  /** Beside the amounts paid and left ('Pay the rest now'). */
  actions?: ReactNode;
  /** Beside the card on file ('Change card'). */
  cardAction?: ReactNode;
  /** Under the card on file. */
  footnote?: ReactNode;
}

export function PaymentPlanSchedule({
  plan,
  notice,
  actions,
  cardAction,
  footnote,
}: PaymentPlanScheduleProps) {
  const status = PLAN_STATUS_LABELS[plan.status];
  const running = isPlanRunning(plan);
  return (
    <section
      aria-label={SCHEDULE_COPY.heading}
      className="space-y-3 rounded-md border border-border p-3 text-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{SCHEDULE_COPY.heading}</h3>
        <Badge variant={status.variant}>{status.label}</Badge>
      </div>
      {notice}
      <ol className="space-y-2" data-testid="plan-instalments">
        {plan.instalments.map((instalment) => (
          <li
            key={instalment.number}
            className="flex flex-col gap-1 border-t border-border pt-2 first:border-t-0 first:pt-0 sm:flex-row sm:items-start sm:justify-between"
          >
            <div className="min-w-0">
              <p className="font-medium">
                Payment {instalment.number} of {plan.instalments.length}: {formatMoney(instalment.amount)}
              </p>
              <p className="text-muted-foreground">
                {instalment.paidAt
                  ? `Paid on ${formatDate(new Date(instalment.paidAt), DATE)}`
                  : `Due ${formatDate(new Date(instalment.dueAt), DATE)}`}
                {instalment.nextAttemptAt && instalment.state !== 'scheduled'
                  ? ` · next try ${formatDate(new Date(instalment.nextAttemptAt), DATE)}`
                  : ''}
              </p>
              {instalment.lastFailure ? (
                <p className="text-destructive">Declined: {instalment.lastFailure}</p>
              ) : null}
            </div>
            <Badge
              variant={
                instalment.state === 'paid'
                  ? 'success'
                  : instalment.state === 'overdue'
                    ? 'destructive'
                    : 'outline'
              }
              className="self-start"
            >
              {INSTALMENT_STATE_LABELS[instalment.state]}
            </Badge>
          </li>
        ))}
      </ol>
      <div className="flex flex-col gap-3 border-t border-border pt-3 sm:flex-row sm:items-center sm:justify-between">
        <p>
          Paid so far {formatMoney(plan.paid)} of {formatMoney(plan.total)}
          {running ? ` · still to pay ${formatMoney(plan.remaining)}` : ''}
        </p>
        {actions}
      </div>
      {running ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p data-testid="plan-card">{plan.card ? SCHEDULE_COPY.card(plan.card) : SCHEDULE_COPY.noCard}</p>
          {cardAction}
        </div>
      ) : null}
      {running ? footnote : null}
    </section>
  );
}

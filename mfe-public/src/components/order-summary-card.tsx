/**
 * The cart's and the checkout's order summary: a card titled 'Order Summary', kept in view on a wide screen,
 * and the lines of its totals.
 */
import type { ReactNode } from 'react';
import { TitledCard } from '@platform/ui';

export function OrderSummaryCard({
  contentClassName,
  footerClassName,
  footer,
  children,
}: {
  contentClassName?: string;
  footerClassName: string;
  /** The ways on: the buttons and the reassurances under them. */
  footer: ReactNode;
  /** The lines and totals. */
  children: ReactNode;
}) {
  return (
    <TitledCard
      title="Order Summary"
      className="lg:sticky lg:top-24"
      contentClassName={contentClassName}
      footer={footer}
      footerClassName={footerClassName}
    >
      {children}
    </TitledCard>
  );
}

const LINE_LOOKS = {
  amount: { row: 'flex justify-between gap-4', term: 'text-muted-foreground', value: 'tabular-nums' },
  discount: {
    row: 'flex justify-between gap-4',
    term: 'text-muted-foreground',
    value: 'font-medium text-success tabular-nums',
  },
  total: {
    row: 'flex justify-between gap-4 border-t border-border pt-3 text-base font-bold',
    term: undefined,
    value: 'tabular-nums',
  },
} as const;

/** One line of the totals (inside a `<dl>`): a discount in the success colour, the total set off below a rule. */
export function SummaryLine({
  term,
  look = 'amount',
  testId,
  valueTestId,
  children,
}: {
  term: ReactNode;
  look?: keyof typeof LINE_LOOKS;
  testId?: string;
  valueTestId?: string;
  /** The amount. */
  children: ReactNode;
}) {
  const classes = LINE_LOOKS[look];
  return (
    <div className={classes.row} data-testid={testId}>
      <dt className={classes.term}>{term}</dt>
      <dd className={classes.value} data-testid={valueTestId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * The fixed words of /revenue-report (docs/behaviour/revenue-share.md#monthly-revenue-report). Messages the
 * server also sends (validation, toasts) come from the contracts' REVENUE_REPORT_MESSAGES.
 */

export const REPORT_PAGE = {
  title: 'Monthly Revenue Report',
  intro:
    'Report your restaurant’s revenue for the month. We calculate your share from the increase over your baseline.',
  submit: 'Submit Report',
  description: 'One report per month. Amounts are in US dollars and cents.',
} as const;

export const INFO_CARDS = {
  rate: { title: 'Share rate', value: '10%', text: 'of your net revenue increase' },
  share: { title: 'Share for this month', text: 'calculated from the figures you enter' },
  due: { title: 'Payment due', value: '30 days', text: 'after you submit your report' },
} as const;

export const FIELD_LABELS = {
  reportingPeriodStart: 'Reporting period start',
  reportingPeriodEnd: 'Reporting period end',
  grossRevenue: 'Total gross revenue',
  businessExpenses: 'Total business expenses',
  netRevenue: 'Net revenue',
  notes: 'Notes (optional)',
} as const;

export const FIELD_HINTS = {
  money: 'Dollars and cents, such as 45,000.50.',
  netRevenue: 'Gross revenue minus business expenses, calculated for you.',
} as const;

export const CALCULATION = {
  title: 'Your share for this report',
  net: 'Net revenue',
  baseline: 'Baseline',
  increase: 'Increase',
  share: '10% share',
} as const;

export const FOOTER_NOTES = [
  'Payments are due within 30 days of submitting your report.',
  'Keep records of your revenue and expenses for every reporting period.',
  'Inaccurate data may delay your payment processing.',
] as const;

export const HISTORY = {
  title: 'Your reports',
  empty: 'No reports yet. Your submitted reports will appear here.',
  loadFailed: 'Your reports could not be loaded',
  columns: {
    period: 'Period',
    netRevenue: 'Net revenue',
    baselineNetRevenue: 'Baseline',
    revenueIncrease: 'Increase',
    shareOwed: 'Share',
    amountPaid: 'Paid',
    status: 'Status',
    dueDate: 'Due date',
    documents: 'Documents',
    action: 'Payment',
  },
  starting: 'Opening payment...',
} as const;

export const CHART = {
  title: 'Net revenue by month',
  net: 'Net revenue',
  baseline: 'Baseline',
  share: '10% share',
  loading: 'Loading the chart…',
} as const;

export const NOT_ON_PLAN = {
  title: 'Revenue reporting is part of the Premium Success Program',
  text: 'Monthly reports are for owners on the revenue-share plan. Read the terms and start your free implementation first.',
  link: 'See the Premium Success Program',
} as const;

/**
 * Back from the payment page at `/revenue-report?payment=<outcome>` (docs/decisions.md, 28): what happened,
 * as the payment service learned it from the provider.
 */
export const PAYMENT_OUTCOME_COPY = {
  paid: {
    title: 'Payment received',
    text: 'Thank you! Your share is paid. The report below shows it as paid within a few moments.',
    tone: 'default',
  },
  pending: {
    title: 'Payment not confirmed yet',
    text: 'The payment provider has not confirmed your payment yet. The report shows it as paid once it does; there is no need to pay again.',
    tone: 'default',
  },
  failed: {
    title: 'Payment failed',
    text: 'The payment was declined or expired, and nothing was charged. You can try again with Pay now.',
    tone: 'destructive',
  },
  cancelled: {
    title: 'Payment cancelled',
    text: 'You left the payment page before paying. Nothing was charged.',
    tone: 'default',
  },
  refunded: {
    title: 'Payment refunded',
    text: 'Nothing was due on this report any more when your payment arrived, so it is being refunded in full.',
    tone: 'default',
  },
} as const;

/** The card on file (docs/behaviour/revenue-share.md#card-on-file). */
export const CARD_ON_FILE = {
  title: 'Card on file',
  intro:
    'Save a card and each verified share is charged to it automatically on its due date. Saving a card charges nothing.',
  none: 'No card on file. You pay each share with Pay now.',
  testMode: 'TEST MODE: cards are saved with the built-in test provider; no real card or money is involved.',
  unavailable: 'Saving a card is not available right now. You pay each share with Pay now.',
  save: 'Save a card',
  replace: 'Replace card',
  remove: 'Remove card',
  starting: 'Opening the card page…',
  removing: 'Removing…',
  loadFailed: 'Could not load your card on file.',
  failed: 'Could not open the card page. Please try again.',
  removeFailed: 'Could not remove the card. Please try again.',
  /** '`Visa ending 4242, expires 12/2029`'. */
  describe: (card: { brand: string; last4: string; expMonth: number; expYear: number }) =>
    `${card.brand} ending ${card.last4}, expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`,
  outcomes: {
    saved: {
      title: 'Card saved',
      text: 'Your card is on file. Shares due from now on are charged to it automatically.',
    },
    cancelled: { title: 'No card saved', text: 'You left the card page without saving a card.' },
    failed: { title: 'Card not saved', text: 'The card could not be saved. Please try again.' },
  },
} as const;

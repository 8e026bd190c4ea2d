/**
 * The fixed words of /revenue-share-welcome (docs/behaviour/revenue-share.md#welcome-and-consent-page). The
 * checkbox, the button's 'Processing...', the toast and the failures come from the contracts'
 * REVENUE_CONSENT_MESSAGES.
 */

export const WELCOME_PAGE = {
  eyebrow: 'Premium Success Program',
  title: 'Welcome to Revenue Share',
  intro:
    'Nothing to pay upfront. Start the course today, put it to work in your restaurant for 30 days risk-free, and pay only when your revenue grows.',
  submit: 'Start Free Implementation',
} as const;

export const PROGRAMME_POINTS = [
  {
    title: 'Immediate access to Module 1',
    text: 'Start learning today: the first module opens as soon as you agree to the terms.',
  },
  {
    title: '30-day risk-free implementation',
    text: 'Put the system in place for 30 days before any share is due.',
  },
  {
    title: 'Pay only 10% of net revenue increase',
    text: 'You pay 10% of your net revenue increase, never a share of the revenue you already had.',
  },
  {
    title: 'A true partnership',
    text: 'We only earn when your restaurant does, so we are invested in your results.',
  },
] as const;

export const TIMELINE = {
  title: 'How it works',
  steps: [
    { title: 'Start Module 1', text: 'Today: the first module is open right away.' },
    {
      title: 'Complete your consultation',
      text: 'Send your restaurant consultation to unlock all modules.',
    },
    { title: 'See results in 30 days', text: 'Implement during the risk-free period and watch the numbers.' },
  ],
} as const;

export const TERMS = {
  title: 'Revenue Share Terms (v1.0)',
  items: [
    '10% of your monthly net revenue increase, after the implementation period',
    'Monthly income reporting is required',
    'Full access to the course',
    '30-day risk-free implementation period',
    'Cancel anytime if you see no improvement',
    'Payment only after results',
  ],
  fullTerms: 'Read the terms in full',
} as const;

export const BASELINE = {
  label: 'Average monthly net revenue before the program (optional)',
  why: 'Your share is 10% of the increase over this amount, so revenue you already had is never charged. Leave it empty or 0 and your whole net revenue counts.',
  fixed: 'It is fixed once you agree to the terms.',
} as const;

export const ON_PLAN = {
  title: 'You are on the Premium Success Program',
  text: 'You have already agreed to the Revenue Share Terms. Here is your plan.',
  dashboard: 'Go to Dashboard',
  report: 'Report revenue',
  labels: {
    consentedAt: 'Agreed on',
    termsVersion: 'Terms',
    baseline: 'Baseline (monthly net revenue)',
    implementationEndsAt: 'Risk-free period ends',
    status: 'Status',
    amountOwed: 'Amount owed',
  },
} as const;

/** The owner's standing in words (docs/decisions.md, 27). */
export const PLAN_STATUS_LABELS = { current: 'Current', overdue: 'Overdue', blocked: 'Blocked' } as const;

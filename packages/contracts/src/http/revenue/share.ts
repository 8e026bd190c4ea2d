/**
 * The revenue-share programme's figures, shared by the pages (the live calculation box) and the revenue
 * service (which alone decides what is owed): docs/behaviour/revenue-share.md#figures-and-rules and
 * docs/decisions.md, 20 and 25. Every amount is integer cents.
 */

/** The success fee: 10% of the monthly net revenue increase. */
export const REVENUE_SHARE_PERCENTAGE = 10;
/** The only terms an owner can agree to today ('I agree to the Revenue Share Terms (v1.0)'). */
export const REVENUE_SHARE_TERMS_VERSION = 'v1.0';
/** The risk-free implementation period after consent. */
export const IMPLEMENTATION_PERIOD_DAYS = 30;
/** A share is due this many days after its report was submitted. */
export const PAYMENT_DUE_DAYS = 30;
/** A month's report is late (the owner `overdue`) once the month ended more than this many days ago. */
export const REPORT_GRACE_DAYS = 10;
/** A verified share unpaid this many days past its due date blocks the owner (docs/decisions.md, 27). */
export const BLOCKED_AFTER_DAYS_PAST_DUE = 30;
/** Missing monthly reports that block the owner. */
export const BLOCKED_AFTER_MISSING_REPORTS = 2;
/** A report covers one month at most. */
export const MAX_REPORT_PERIOD_DAYS = 31;
/** Largest amount a form takes, in cents ($1,000,000,000.00): far above any restaurant's month. */
export const MAX_REVENUE_CENTS = 100_000_000_000;

/** Net revenue as the form computes it: gross minus expenses, never below zero (a loss month is 0). */
export function netRevenueOf(grossRevenue: number, businessExpenses: number): number {
  return Math.max(0, grossRevenue - businessExpenses);
}

export interface ShareFigures {
  /** max(0, net − baseline). */
  revenueIncrease: number;
  /** round(increase × 10 / 100), half up, in cents. */
  shareOwed: number;
}

/**
 * The share of one report (docs/decisions.md, 25): 10% of the increase over the owner's baseline, rounded
 * half up to the cent. Integer arithmetic, so 5 cents of increase give 1 cent ((5 × 10 + 50) / 100 = 1).
 */
export function computeShare(input: { netRevenue: number; baselineNetRevenue: number }): ShareFigures {
  const revenueIncrease = Math.max(0, input.netRevenue - input.baselineNetRevenue);
  const shareOwed = Math.floor((revenueIncrease * REVENUE_SHARE_PERCENTAGE + 50) / 100);
  return { revenueIncrease, shareOwed };
}

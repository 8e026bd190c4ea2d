/**
 * Where the buyer lands when the payment page did not take the money: back on the checkout with
 * `?payment=failed` (the payment was declined, or a wallet payment could not be captured) or
 * `?payment=cancelled` (the buyer turned back). The payment service sends the browser there; the checkout
 * page says what happened and restores the checkout this tab left from, with the form as typed.
 */
export const PAYMENT_OUTCOME_PARAM = 'payment';

export const PAYMENT_OUTCOMES = ['failed', 'cancelled'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/** `/checkout?payment=<outcome>`: a path on the site's own origin. */
export function checkoutReturnPath(outcome: PaymentOutcome): string {
  return `/checkout?${PAYMENT_OUTCOME_PARAM}=${outcome}`;
}

/** The outcome a checkout address carries, or null for anything else. */
export function readPaymentOutcome(value: string | null | undefined): PaymentOutcome | null {
  return PAYMENT_OUTCOMES.find((outcome) => outcome === value) ?? null;
}

/**
 * Paying a revenue share online (docs/decisions.md, 28) comes back to the owner's report page, not to the
 * checkout: `/revenue-report?payment=<outcome>`, with the same parameter. The payment service asks the
 * provider before it sends the browser there, so the outcome is the server's word:
 * - `paid`: the provider took the money and the order is fulfilled (the report shows it once the revenue
 *   service has recorded the payment, a moment later);
 * - `pending`: the provider has not confirmed the money yet (the reconciliation job keeps asking);
 * - `failed`: the payment was declined, or the checkout expired;
 * - `cancelled`: the owner turned back on the payment page; nothing was charged;
 * - `refunded`: the money was taken but nothing was due on the report any more (another payment got there
 *   first), so it is being refunded automatically.
 */
export const REVENUE_REPORT_PATH = '/revenue-report';

export const SHARE_PAYMENT_OUTCOMES = ['paid', 'pending', 'failed', 'cancelled', 'refunded'] as const;
export type SharePaymentOutcome = (typeof SHARE_PAYMENT_OUTCOMES)[number];

/** `/revenue-report?payment=<outcome>`: a path on the site's own origin. */
export function shareReturnPath(outcome: SharePaymentOutcome): string {
  return `${REVENUE_REPORT_PATH}?${PAYMENT_OUTCOME_PARAM}=${outcome}`;
}

/** The outcome a revenue-report address carries, or null for anything else. */
export function readSharePaymentOutcome(value: string | null | undefined): SharePaymentOutcome | null {
  return SHARE_PAYMENT_OUTCOMES.find((outcome) => outcome === value) ?? null;
}

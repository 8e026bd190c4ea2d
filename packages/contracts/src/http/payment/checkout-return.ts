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

/**
 * Coming back from the payment page without paying. The payment service sends the browser to
 * `/checkout?payment=failed` (declined) or `?payment=cancelled` (turned back), an address that cannot know
 * which checkout the buyer left from (`?product=…`, `?course=1`, the chosen method). So, just before leaving
 * for the provider, this tab remembers that checkout's address in sessionStorage, next to the billing form
 * (saved-billing.ts); on the way back the page says what happened and reopens that same checkout.
 */
import { CHECKOUT_MESSAGES, PAYMENT_OUTCOME_PARAM, readPaymentOutcome } from '@platform/contracts';
import type { PaymentOutcome } from '@platform/contracts';
import { removeStored, sessionStore } from '../../../lib/web-storage';
import type { KeyValueStorage } from '../../../lib/web-storage';
import type { PaymentMethod } from './checkout-lines';

export const LEFT_CHECKOUT_KEY = 'checkout_left_for_payment';

/** The query parameters that say what a checkout sells and how it pays; nothing else is carried back. */
const CHECKOUT_PARAMS = ['course', 'product', 'method', 'plan'] as const;

export const PAYMENT_OUTCOME_MESSAGES: Record<PaymentOutcome, { title: string; description: string }> = {
  failed: { title: CHECKOUT_MESSAGES.paymentFailedTitle, description: CHECKOUT_MESSAGES.paymentFailed },
  cancelled: {
    title: 'Payment Cancelled',
    description: 'Nothing was charged. Your details are still here when you want to try again.',
  },
};

/** The outcome this checkout address reports (`?payment=failed|cancelled`), or null. */
export function readReturnOutcome(search: URLSearchParams): PaymentOutcome | null {
  return readPaymentOutcome(search.get(PAYMENT_OUTCOME_PARAM));
}

/**
 * The query string (`?product=…&method=paypal`, or '' for the plain cart checkout) that reopens this
 * checkout as it was submitted: what it sells, and the method chosen on the form (card is the default).
 */
export function toReturnSearch(search: URLSearchParams, method: PaymentMethod): string {
  const kept = new URLSearchParams();
  for (const name of CHECKOUT_PARAMS) {
    const value = name === 'method' ? (method === 'paypal' ? 'paypal' : null) : search.get(name);
    if (value !== null) kept.set(name, value.slice(0, 200));
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

export function rememberLeftCheckout(search: string, storage: KeyValueStorage | null = sessionStore()): void {
  try {
    storage?.setItem(LEFT_CHECKOUT_KEY, search);
  } catch {
    // Without it the buyer comes back to the cart's checkout, still told what happened.
  }
}

/** The remembered checkout's query string, cleaned again (storage is writable by any script of this origin). */
export function peekLeftCheckout(storage: KeyValueStorage | null = sessionStore()): string | null {
  try {
    const raw = storage?.getItem(LEFT_CHECKOUT_KEY);
    if (raw === null || raw === undefined) return null;
    const search = new URLSearchParams(raw.slice(0, 1000));
    const method = search.get('method') === 'paypal' ? 'paypal' : 'card';
    return toReturnSearch(search, method);
  } catch {
    return null;
  }
}

export function forgetLeftCheckout(storage: KeyValueStorage | null = sessionStore()): void {
  removeStored(storage, LEFT_CHECKOUT_KEY);
}

/** The checkout this tab left for the payment page (`/checkout?…`), else the cart's. */
export function getLeftCheckoutPath(storage: KeyValueStorage | null = sessionStore()): string {
  return `/checkout${peekLeftCheckout(storage) ?? ''}`;
}

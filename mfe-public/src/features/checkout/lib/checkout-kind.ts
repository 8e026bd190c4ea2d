/**
 * What the last checkout of this tab bought: the cart, or one thing alone (the course, a programme, a
 * membership plan) with the cart left as it was. The confirmation page empties the cart only after a
 * cart checkout. Kept in sessionStorage next to the billing form; no record reads as a cart checkout.
 */
import { sessionStore } from '../../../lib/web-storage';
import type { KeyValueStorage } from '../../../lib/web-storage';

export const CHECKOUT_KIND_KEY = 'checkout_kind';

export type CheckoutKind = 'cart' | 'direct';

export function rememberCheckoutKind(
  kind: CheckoutKind,
  storage: KeyValueStorage | null = sessionStore(),
): void {
  try {
    storage?.setItem(CHECKOUT_KIND_KEY, kind);
  } catch {
    // Without it the confirmation page empties the cart, as after any cart checkout.
  }
}

/** Reads and forgets the record. */
export function takeCheckoutKind(storage: KeyValueStorage | null = sessionStore()): CheckoutKind {
  try {
    const kind = storage?.getItem(CHECKOUT_KIND_KEY);
    storage?.removeItem(CHECKOUT_KIND_KEY);
    return kind === 'direct' ? 'direct' : 'cart';
  } catch {
    return 'cart';
  }
}

/**
 * The confirmation page asks the server once per session id to grant access, and shows only what the
 * answer says (docs/behaviour/checkout-and-payments.md#order-confirmation). Once means once per page load
 * (and per 'Check again'): the request lives in a module-level map, so React StrictMode's double effects
 * and a remount share it, and the server is idempotent anyway. Success toasts, clears the saved billing
 * form and, after a cart checkout (not the course or a single product bought alone), the cart.
 */
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { CHECKOUT_MESSAGES } from '@platform/contracts';
import { AUTH_USER_QUERY_KEY, toast, useCart } from '@platform/ui';
import { grantCourseAccess } from '../api/grant-course-access';
import { takeCheckoutKind } from './checkout-kind';
import { forgetLeftCheckout } from './checkout-return';
import { clearSavedBilling, readSavedBilling } from './saved-billing';

export type GrantState =
  /** No `session_id` in the address: there is no payment to confirm. */
  | { kind: 'missing' }
  | { kind: 'confirming' }
  /**
   * Paid and fulfilled; `billingEmail` is the address this tab typed at checkout, when it knows it, and
   * `productIds` what the order bought.
   */
  | { kind: 'granted'; billingEmail: string | null; productIds: string[] }
  /** The provider has not confirmed the payment (yet). */
  | { kind: 'pending' }
  /** Declined or expired. */
  | { kind: 'failed' }
  | { kind: 'refunded' }
  /** The account already had what this order bought: the payment is refunded automatically. */
  | { kind: 'already-owned' }
  /** The server could not confirm anything about it: an unknown session, a mismatch, no answer. */
  | { kind: 'unconfirmed'; message: string | null };

const requests = new Map<string, Promise<GrantState>>();

async function askServer(sessionId: string, queryClient: QueryClient): Promise<GrantState> {
  const billing = readSavedBilling();
  try {
    const result = await grantCourseAccess({
      session_id: sessionId,
      ...(billing
        ? {
            customer_email: billing.email.trim(),
            customer_name: `${billing.firstName.trim()} ${billing.lastName.trim()}`.trim(),
          }
        : {}),
    });
    if (!result.success) {
      console.warn(`Course access not granted for this session (${result.status}): ${result.message}`);
      if (result.alreadyOwned) return { kind: 'already-owned' };
      if (result.status === 'pending' || result.status === 'failed' || result.status === 'refunded')
        return { kind: result.status };
      return { kind: 'unconfirmed', message: result.message };
    }
    toast({
      title: CHECKOUT_MESSAGES.accessGrantedTitle,
      description: CHECKOUT_MESSAGES.accessGranted,
      variant: 'success',
    });
    if (takeCheckoutKind() === 'cart') useCart.getState().clearCart();
    clearSavedBilling();
    forgetLeftCheckout();
    // A signed-in buyer's membership changed: the dashboard link depends on it.
    void queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY });
    return {
      kind: 'granted',
      billingEmail: billing?.email.trim() || null,
      productIds: result.productIds ?? [],
    };
  } catch (error) {
    console.error('Granting course access failed:', error);
    return { kind: 'unconfirmed', message: null };
  }
}

/** The grant's state for `sessionId`, and `checkAgain` to ask once more (after 'pending'). */
export function useGrantCourseAccess(sessionId: string | null): {
  state: GrantState;
  checkAgain: () => void;
} {
  const queryClient = useQueryClient();
  const [attempt, setAttempt] = useState(0);
  const key = sessionId ? `${sessionId}#${attempt}` : null;
  // The answer, for the request it answers: a newer request shows 'confirming' until its own arrives.
  const [answer, setAnswer] = useState<{ key: string; state: GrantState } | null>(null);

  useEffect(() => {
    if (!sessionId || !key) return;
    let request = requests.get(key);
    if (!request) {
      request = askServer(sessionId, queryClient);
      requests.set(key, request);
    }
    let isCurrent = true;
    void request.then((state) => {
      if (isCurrent) setAnswer({ key, state });
    });
    return () => {
      isCurrent = false;
    };
  }, [sessionId, key, queryClient]);

  const state: GrantState = !key
    ? { kind: 'missing' }
    : answer?.key === key
      ? answer.state
      : { kind: 'confirming' };
  return { state, checkAgain: () => setAttempt((value) => value + 1) };
}

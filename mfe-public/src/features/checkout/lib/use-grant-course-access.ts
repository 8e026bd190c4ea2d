/**
 * The confirmation page asks the server once per session id to grant access (spec §4, §7). Once means
 * once per page load: a module-level set survives React StrictMode's double effects and remounts, and
 * the server is idempotent anyway. Success toasts, clears the saved billing form and, after a cart
 * checkout (not the course or a single product bought alone), the cart; a failure is only logged (spec §8).
 */
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CHECKOUT_MESSAGES } from '@platform/contracts';
import { AUTH_USER_QUERY_KEY, toast, useCart } from '@platform/ui';
import { grantCourseAccess } from '../api/grant-course-access';
import { takeCheckoutKind } from './checkout-kind';
import { clearSavedBilling, readSavedBilling } from './saved-billing';

const requestedSessions = new Set<string>();

export type GrantState = 'idle' | 'confirming' | 'granted' | 'not-granted';

export function useGrantCourseAccess(sessionId: string | null): GrantState {
  const queryClient = useQueryClient();
  const clearCart = useCart((state) => state.clearCart);
  const [state, setState] = useState<GrantState>(sessionId ? 'confirming' : 'idle');

  useEffect(() => {
    if (!sessionId || requestedSessions.has(sessionId)) return;
    requestedSessions.add(sessionId);
    const billing = readSavedBilling();
    grantCourseAccess({
      session_id: sessionId,
      ...(billing
        ? {
            customer_email: billing.email.trim(),
            customer_name: `${billing.firstName.trim()} ${billing.lastName.trim()}`.trim(),
          }
        : {}),
    })
      .then((result) => {
        if (!result.success) {
          console.warn(`Course access not granted for this session (${result.status}): ${result.message}`);
          setState('not-granted');
          return;
        }
        setState('granted');
        toast({
          title: CHECKOUT_MESSAGES.accessGrantedTitle,
          description: CHECKOUT_MESSAGES.accessGranted,
          variant: 'success',
        });
        if (takeCheckoutKind() === 'cart') clearCart();
        clearSavedBilling();
        // A signed-in buyer's membership changed: the dashboard link below depends on it.
        void queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY });
      })
      .catch((error: unknown) => {
        console.error('Granting course access failed:', error);
        setState('not-granted');
      });
  }, [sessionId, clearCart, queryClient]);

  return state;
}

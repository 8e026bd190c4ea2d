/**
 * Signed-out visitors of a member page go to /login (docs/behaviour/member-learning.md#who-is-a-member). A
 * member who signs out on the page (its own button or the header's) is on their way to / instead: the logout
 * flow navigates there, and redirecting to /login first would win the race. So only a page that never had a
 * user, and that is still the page the browser is on, redirects.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useAuth, type AuthUser } from './use-auth';

export type SignInGate = {
  user: AuthUser | null;
  isLoading: boolean;
  /** Send the visitor to /login. */
  redirectToLogin: boolean;
  /** Signed out while the page was open, or while the browser was already leaving it: render nothing, the
   * logout navigation follows. */
  signedOutHere: boolean;
};

/**
 * Whether the browser has already moved to another history entry than the one this render is for. The
 * router draws a navigation in a transition, so a page can still render after the address changed: the
 * dashboard that a login sent the owner to, drawn with the signed-out user once the header's 'Log out'
 * has already gone to /. Such a render must not send anyone anywhere.
 */
export function useAddressLeft(): boolean {
  const { key } = useLocation();
  if (typeof window === 'undefined') return false;
  const current = (window.history.state as { key?: unknown } | null)?.key;
  return typeof current === 'string' && current !== key;
}

export function useSignInGate(): SignInGate {
  const { user, isLoading } = useAuth();
  const left = useAddressLeft();
  const hadUser = useRef(false);
  useEffect(() => {
    if (user) hadUser.current = true;
  }, [user]);
  const signedOut = !isLoading && !user;
  const signedOutHere = signedOut && (hadUser.current || left);
  return { user, isLoading, redirectToLogin: signedOut && !signedOutHere, signedOutHere };
}

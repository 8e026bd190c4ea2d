/**
 * Signed-out visitors of a member page go to /login (docs/behaviour/member-learning.md#who-is-a-member). A
 * member who signs out on the page (its own button or the header's) is on their way to / instead: the logout
 * flow navigates there, and redirecting to /login first would win the race. So only a page that never had a
 * user redirects.
 */
import { useEffect, useRef } from 'react';
import { useAuth, type AuthUser } from './use-auth';

export type SignInGate = {
  user: AuthUser | null;
  isLoading: boolean;
  /** Send the visitor to /login. */
  redirectToLogin: boolean;
  /** Signed out while the page was open: render nothing, the logout navigation follows. */
  signedOutHere: boolean;
};

export function useSignInGate(): SignInGate {
  const { user, isLoading } = useAuth();
  const hadUser = useRef(false);
  useEffect(() => {
    if (user) hadUser.current = true;
  }, [user]);
  const signedOut = !isLoading && !user;
  return {
    user,
    isLoading,
    redirectToLogin: signedOut && !hadUser.current,
    signedOutHere: signedOut && hadUser.current,
  };
}

import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../api/get-query-fn';
import { useHydrated } from '../hooks/use-hydrated';

/** The current user as `GET /api/auth/user` returns it. Display only: the server decides access. */
export type AuthUser = {
  id?: string | number;
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
  email?: string | null;
  isMember?: boolean;
  subscriptionStatus?: string | null;
  planStatus?: string | null;
  consultationStatus?: string | null;
  isPaidMember?: boolean;
  role?: string | null;
};

export const AUTH_USER_QUERY_KEY = ['/api/auth/user'] as const;

export type UseAuthResult = { user: AuthUser | null; isLoading: boolean; isAuthenticated: boolean };

/**
 * Signed in when the auth-user call returns a user; a 401 means signed out (null), never retried. While
 * React hydrates a prerendered page it answers "loading", as the page was rendered at build time, whatever
 * the call has answered meanwhile: hydration keeps the HTML's attributes (a `disabled` that the answer
 * would have removed stayed), so the first render must match it; the next render shows the answer.
 */
export function useAuth(): UseAuthResult {
  const hydrated = useHydrated();
  const { data, isLoading } = useQuery<AuthUser | null>({
    queryKey: AUTH_USER_QUERY_KEY,
    queryFn: getQueryFn<AuthUser | null>({ on401: 'returnNull' }),
    retry: false,
  });
  if (!hydrated) return { user: null, isLoading: true, isAuthenticated: false };
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}

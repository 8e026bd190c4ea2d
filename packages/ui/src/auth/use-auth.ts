import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/api-request';
import { useHydrated } from '../hooks/use-hydrated';

/** The current user as `GET /api/auth/session` returns it. Display only: the server decides access. */
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
  /** Signed in before this session. */
  returning?: boolean;
};

/** The dashboards' greeting: 'Welcome back, Ana!' to someone who signed in before, else 'Welcome, Ana!'. */
export function welcome(user: AuthUser | null, name: string): string {
  return `${user?.returning ? 'Welcome back' : 'Welcome'}, ${name}!`;
}

/** Holds the user or null; other code sets it (null at sign-out) and invalidates it (after sign-in). */
export const AUTH_USER_QUERY_KEY = ['/api/auth/session'] as const;

/** Asks who is signed in without an error answer for visitors, so a public page logs no failed request. */
export async function fetchCurrentUser(): Promise<AuthUser | null> {
  const response = await apiRequest('GET', AUTH_USER_QUERY_KEY[0]);
  const body = (await response.json()) as { user: AuthUser | null };
  return body.user;
}

export type UseAuthResult = { user: AuthUser | null; isLoading: boolean; isAuthenticated: boolean };

/**
 * Signed in when the session call returns a user; null means signed out. Not retried. While
 * React hydrates a prerendered page it answers "loading", as the page was rendered at build time, whatever
 * the call has answered meanwhile: hydration keeps the HTML's attributes (a `disabled` that the answer
 * would have removed stayed), so the first render must match it; the next render shows the answer.
 */
export function useAuth(): UseAuthResult {
  const hydrated = useHydrated();
  const { data, isLoading } = useQuery<AuthUser | null>({
    queryKey: AUTH_USER_QUERY_KEY,
    queryFn: fetchCurrentUser,
    retry: false,
  });
  if (!hydrated) return { user: null, isLoading: true, isAuthenticated: false };
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}

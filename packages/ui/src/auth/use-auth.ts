import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../api/get-query-fn';

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

/** Signed in when the auth-user call returns a user; a 401 means signed out (null), never retried. */
export function useAuth(): UseAuthResult {
  const { data, isLoading } = useQuery<AuthUser | null>({
    queryKey: AUTH_USER_QUERY_KEY,
    queryFn: getQueryFn<AuthUser | null>({ on401: 'returnNull' }),
    retry: false,
  });
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}

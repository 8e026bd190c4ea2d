import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { apiRequest } from '../api/api-request';
import { toast } from '../toast/toast-store';
import { AUTH_USER_QUERY_KEY } from './use-auth';

/** The sign-out toasts (docs/behaviour/accounts.md#signing-out). */
export const LOGGED_OUT_TOAST_TITLE = 'Logged out successfully';

export type UseLogoutResult = { logout: () => Promise<void>; isLoggingOut: boolean };

/**
 * Call the logout address, then go to /. The server ends the session and clears the cookie;
 * here every cached answer about the old user is dropped so no page shows it after signing out.
 */
export function useLogout(): UseLogoutResult {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isLoggingOut, setIsLoggingOut] = useState(false);

  const logout = useCallback(async () => {
    setIsLoggingOut(true);
    try {
      await apiRequest('GET', '/api/logout');
    } catch (error) {
      setIsLoggingOut(false);
      toast({
        variant: 'destructive',
        title: 'Logout failed',
        description: error instanceof Error ? error.message : 'Please try again.',
      });
      return;
    }
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== AUTH_USER_QUERY_KEY[0] });
    queryClient.setQueryData(AUTH_USER_QUERY_KEY, null);
    setIsLoggingOut(false);
    toast({ title: LOGGED_OUT_TOAST_TITLE });
    await navigate('/');
  }, [navigate, queryClient]);

  return { logout, isLoggingOut };
}

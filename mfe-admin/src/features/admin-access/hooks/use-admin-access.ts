/**
 * The admin pages' access handling (docs/behaviour/admin.md#admin-access), one copy for every page:
 * `useAdminAccess()` says who is looking (the page reads its data only when it is 'allowed');
 * `useAdminRefusal(access, ...errors)` turns a signed-out visitor, anyone but the admin, or a read
 * answered 401 / 403 into the 'Unauthorized' / 'Access Denied' toast and the redirect after 1 s / 2 s,
 * and answers which, for `AdminAccessNotice`.
 */
import { useEffect } from 'react';
import { useAuth, useToastAndRedirect } from '@platform/ui';
import {
  ACCESS_DENIED_REDIRECT,
  ADMIN_ACCESS_MESSAGES,
  UNAUTHORIZED_REDIRECT,
  getAdminAccess,
  getAdminRefusal,
} from '../lib/admin-access';
import type { AdminAccess, AdminRefusal } from '../lib/admin-access';

export function useAdminAccess(): AdminAccess {
  const { user, isLoading } = useAuth();
  return getAdminAccess(user, isLoading);
}

export function useAdminRefusal(access: AdminAccess, ...errors: unknown[]): AdminRefusal | null {
  const refusal = getAdminRefusal(access, errors);
  const redirect = useToastAndRedirect();

  useEffect(() => {
    if (refusal === 'unauthorized') {
      redirect(
        {
          title: ADMIN_ACCESS_MESSAGES.unauthorizedTitle,
          description: ADMIN_ACCESS_MESSAGES.unauthorizedDescription,
          variant: 'destructive',
        },
        UNAUTHORIZED_REDIRECT.to,
        UNAUTHORIZED_REDIRECT.delayMs,
      );
    } else if (refusal === 'denied') {
      redirect(
        {
          title: ADMIN_ACCESS_MESSAGES.deniedTitle,
          description: ADMIN_ACCESS_MESSAGES.deniedDescription,
          variant: 'destructive',
        },
        ACCESS_DENIED_REDIRECT.to,
        ACCESS_DENIED_REDIRECT.delayMs,
      );
    }
  }, [refusal, redirect]);

  return refusal;
}

/**
 * The admin pages' access handling (docs/behaviour/admin.md#admin-access), used by the admin layout route
 * (`AdminLayout`) for every page: `useAdminAccess()` says who is looking; `useRefusalRedirect(refusal)` turns a
 * signed-out visitor, anyone but the admin, or a read answered 401 / 403 into the 'Unauthorized' /
 * 'Access Denied' toast and the redirect after 1 s / 2 s. A page reports its reads with `useAdminReads`.
 */
import { createContext, useContext, useEffect } from 'react';
import { useSignInGate, useToastAndRedirect } from '@platform/ui';
import {
  ACCESS_DENIED_REDIRECT,
  ADMIN_ACCESS_MESSAGES,
  UNAUTHORIZED_REDIRECT,
  getAdminAccess,
  getAdminRefusal,
} from '../lib/admin-access';
import type { AdminAccess, AdminRefusal } from '../lib/admin-access';

export function useAdminAccess(): AdminAccess {
  const { user, isLoading, signedOutHere } = useSignInGate();
  return getAdminAccess(user, isLoading, signedOutHere);
}

export function useRefusalRedirect(refusal: AdminRefusal | null): void {
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
}

/** How a page inside the admin layout tells it that a read was refused. */
export const ReadRefusalContext = createContext<(refusal: AdminRefusal) => void>(() => {});

/**
 * A page's reads: one answered 401 (the session ended) or 403 turns the reader away as the layout turns away
 * a refused visitor. Other failures are the page's own to show.
 */
export function useAdminReads(...errors: unknown[]): void {
  const report = useContext(ReadRefusalContext);
  const refusal = getAdminRefusal('allowed', errors);
  useEffect(() => {
    if (refusal) report(refusal);
  }, [refusal, report]);
}

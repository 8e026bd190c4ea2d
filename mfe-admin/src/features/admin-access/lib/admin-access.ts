/**
 * Who may see an admin page (docs/behaviour/admin.md#admin-access: checked on the client as well as the
 * server). Display only: the server refuses the calls anyway. Every admin page uses these rules through
 * `useAdminAccess` and `useAdminRefusal`.
 */
import { getApiErrorStatus } from '@platform/ui';

/** 'signed-out-here': the admin signed out while the page was open, and the logout is on its way home. */
export type AdminAccess = 'checking' | 'signed-out' | 'signed-out-here' | 'denied' | 'allowed';

/** Signed out → 'signed-out' ('signed-out-here' on the page); signed in without role admin → 'denied'. */
export function getAdminAccess(
  user: { role?: string | null } | null | undefined,
  isLoading: boolean,
  signedOutHere = false,
): AdminAccess {
  if (isLoading) return 'checking';
  if (!user) return signedOutHere ? 'signed-out-here' : 'signed-out';
  return user.role === 'admin' ? 'allowed' : 'denied';
}

export type ListFailure = 'unauthorized' | 'denied' | 'failed';

/**
 * docs/behaviour/admin.md#admin-access: a refusal with 401 → 'Unauthorized'; 403
 * → 'Access Denied'; else failed.
 */
export function classifyListFailure(error: unknown): ListFailure {
  const status = getApiErrorStatus(error);
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'denied';
  return 'failed';
}

/** Why the page turns the reader away, or null when it does not. */
export type AdminRefusal = 'unauthorized' | 'denied';

/**
 * A signed-out visitor, or any read of the page answered 401, is 'unauthorized'; anyone but the admin, or
 * a read answered 403, is 'denied'. Errors that are neither are the page's own to show. Signing out on the
 * page is no refusal: the logout goes home.
 */
export function getAdminRefusal(access: AdminAccess, errors: readonly unknown[]): AdminRefusal | null {
  if (access === 'signed-out-here') return null;
  const failures = errors.filter((error) => error != null).map(classifyListFailure);
  if (access === 'signed-out' || failures.includes('unauthorized')) return 'unauthorized';
  if (access === 'denied' || failures.includes('denied')) return 'denied';
  return null;
}

/**
 * docs/behaviour/admin.md#admin-access: the signed-out redirect to /login after 1 s, the access-denied
 * redirect to / after 2 s.
 */
export const UNAUTHORIZED_REDIRECT = { to: '/login', delayMs: 1000 } as const;
export const ACCESS_DENIED_REDIRECT = { to: '/', delayMs: 2000 } as const;

export const ADMIN_ACCESS_MESSAGES = {
  unauthorizedTitle: 'Unauthorized',
  unauthorizedDescription: 'You are logged out. Please log in as the support admin.',
  deniedTitle: 'Access Denied',
  deniedDescription: 'This page is for the support admin only.',
} as const;

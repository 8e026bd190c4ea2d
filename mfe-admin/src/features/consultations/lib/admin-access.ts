/**
 * Who may see the admin consultations page (docs/behaviour/admin.md#admin-access: checked on the client as
 * well as the server). Display only: the server refuses the calls anyway.
 */
import { getApiErrorStatus } from '@platform/ui';

export type AdminAccess = 'checking' | 'signed-out' | 'denied' | 'allowed';

/** Signed out → 'signed-out'; signed in without role admin → 'denied'. */
export function getAdminAccess(
  user: { role?: string | null } | null | undefined,
  isLoading: boolean,
): AdminAccess {
  if (isLoading) return 'checking';
  if (!user) return 'signed-out';
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

/**
 * docs/behaviour/admin.md#admin-access: the signed-out redirect to /login after 1 s, the access-denied
 * redirect to / after 2 s.
 */
export const UNAUTHORIZED_REDIRECT = { to: '/login', delayMs: 1000 } as const;
export const ACCESS_DENIED_REDIRECT = { to: '/', delayMs: 2000 } as const;

export const ADMIN_MESSAGES = {
  unauthorizedTitle: 'Unauthorized',
  unauthorizedDescription: 'You are logged out. Please log in as the support admin.',
  deniedTitle: 'Access Denied',
  deniedDescription: 'This page is for the support admin only.',
  fetchFailed: 'Failed to fetch consultation submissions',
  statusFailed: 'Failed to update consultation status.',
  notesFailed: 'Failed to save notes.',
  responseRequiredTitle: 'Response Required',
  responseRequiredDescription: 'Please provide a consultation response before marking as completed.',
} as const;

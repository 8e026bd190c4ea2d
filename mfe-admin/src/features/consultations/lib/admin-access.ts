/**
 * Who may see the admin consultations page (member-and-admin spec §5 "Admin access is checked on the
 * client as well as the server", §6, §8 "Admin list"). Display only: the server refuses the calls anyway.
 */

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

/** The status of an `apiRequest`/`getQueryFn` error (`Error("403: …")`), or null when it has none. */
export function getErrorStatus(error: unknown): number | null {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const match = /^(\d{3})\b/.exec(message);
  return match ? Number(match[1]) : null;
}

export type ListFailure = 'unauthorized' | 'denied' | 'failed';

/** Spec §8: 401 (or a message starting '401 Unauthorized') → 'Unauthorized'; 403 → 'Access Denied'; else failed. */
export function classifyListFailure(error: unknown): ListFailure {
  const message = error instanceof Error ? error.message : String(error ?? '');
  const status = getErrorStatus(error);
  if (status === 401 || message.startsWith('401 Unauthorized')) return 'unauthorized';
  if (status === 403) return 'denied';
  return 'failed';
}

/** Spec §9: the signed-out redirect to /login after 1 s, the access-denied redirect to / after 2 s. */
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

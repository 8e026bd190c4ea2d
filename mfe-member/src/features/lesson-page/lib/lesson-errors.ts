/** How the lesson page reads a failed `GET /api/lessons/:id` (`Error('<status>: <body>')`). */

export const MEMBERSHIP_REQUIRED_TEXT = 'You need to be a paid member to access lesson content';

export function getErrorStatus(error: unknown): number | null {
  if (!(error instanceof Error)) return null;
  const match = /^(\d{3}):/.exec(error.message);
  return match ? Number(match[1]) : null;
}

/**
 * 403 means two things on this call: no membership (→ /courses with the toast) or a lesson whose section
 * is not released yet (→ 'Lesson Not Found', like any inaccessible lesson). The body's message tells.
 */
export function isMembershipRequired(error: unknown): boolean {
  return (
    getErrorStatus(error) === 403 &&
    error instanceof Error &&
    error.message.includes(MEMBERSHIP_REQUIRED_TEXT)
  );
}

/** How the lesson page reads a failed `GET /api/lessons/:id` (an `ApiError`). */
import { ApiError } from '@platform/ui';

export const MEMBERSHIP_REQUIRED_TEXT = 'You need to be a paid member to access lesson content';
/** The course service's refusal of a lesson whose section is not released to the caller yet. */
export const SECTION_LOCKED_TEXT = 'This section is not available yet';

/**
 * 403 means two things on this call: no membership (→ /courses with the toast) or a lesson whose section
 * is not released yet (→ the locked-lesson page, which says when it opens). The body's message tells.
 */
export function isMembershipRequired(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 403 &&
    (error.serverMessage ?? '').includes(MEMBERSHIP_REQUIRED_TEXT)
  );
}

export function isLessonLocked(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 403 &&
    (error.serverMessage ?? '').includes(SECTION_LOCKED_TEXT)
  );
}

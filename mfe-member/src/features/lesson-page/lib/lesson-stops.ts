/**
 * What the lesson page says about a lesson that is not open yet (docs/behaviour/member-learning.md#lesson-page):
 * when it opens, in the member's local time, that it waits for the restaurant consultation, or that it
 * waits for the member's revenue-share account to be up to date. Display only: the course service decides
 * what is open.
 */
import type { LessonStop } from '@platform/contracts';
import { formatDateTime } from '@platform/contracts/format';

type LockedStop = Pick<LessonStop, 'isLocked' | 'unlockDate' | 'lockedReason'>;

export const CONSULTATION_WAIT_TEXT = 'Opens after you submit your restaurant consultation';
export const BLOCKED_WAIT_TEXT = 'Opens once your revenue-share account is up to date';
export const MEMBERS_ONLY_TEXT = 'For members';

/** 'Opens Jun 12, 2030, 8:20 PM' (local time); the consultation wait; null for an open lesson. */
export function describeLockedStop(
  stop: LockedStop,
  options: { locale?: string | readonly string[]; timeZone?: string } = {},
): string | null {
  if (!stop.isLocked) return null;
  if (stop.lockedReason === 'membership') return MEMBERS_ONLY_TEXT;
  if (stop.lockedReason === 'consultation') return CONSULTATION_WAIT_TEXT;
  if (stop.lockedReason === 'blocked') return BLOCKED_WAIT_TEXT;
  if (stop.unlockDate) return `Opens ${formatDateTime(stop.unlockDate, options)}`;
  return 'Not open yet';
}

/** The sentence of the locked-lesson page: when it opens, and that the time is the reader's own. */
export function getLockedLessonNotice(
  stop: LockedStop,
  options: { locale?: string | readonly string[]; timeZone?: string } = {},
): string {
  if (stop.lockedReason === 'membership') return 'This lesson is for members.';
  if (stop.lockedReason === 'consultation') {
    return 'This lesson opens after you submit your restaurant consultation.';
  }
  if (stop.lockedReason === 'blocked') {
    return 'This lesson opens once your revenue-share account is up to date.';
  }
  if (stop.unlockDate) {
    return `This lesson opens on ${formatDateTime(stop.unlockDate, options)} (your local time).`;
  }
  return 'This lesson is not open to you yet.';
}

/**
 * A section's state for display (docs/behaviour/member-learning.md#drip-release: Locked → Available →
 * Completed), and what a locked one tells the member: when it opens, that it waits for the restaurant
 * consultation, or that it waits for their revenue-share account to be up to date.
 */
import type { AvailableModule } from '@platform/contracts';
import { formatDateTime } from '@platform/contracts/format';
import { formatUnlocksIn, getDaysUntilUnlock } from './unlock-time';

export type SectionStatus = 'Completed' | 'Available' | 'Locked' | 'Free Preview';

/**
 * 'Free Preview': a signed-in account without the course, which opens the lessons a visitor opens on `/`
 * (docs/behaviour/member-learning.md#free-lessons-without-membership).
 */
export function getSectionStatus(
  section: Pick<AvailableModule, 'isCompleted' | 'isAvailable'> &
    Partial<Pick<AvailableModule, 'lockedReason'>>,
): SectionStatus {
  if (section.isCompleted) return 'Completed';
  if (section.isAvailable) return 'Available';
  return section.lockedReason === 'membership' ? 'Free Preview' : 'Locked';
}

export const CONSULTATION_LOCK_TEXT = 'Unlocks after you submit your restaurant consultation';
export const BLOCKED_LOCK_TEXT = 'Unlocks once your revenue-share account is up to date';
/** A section previewed without membership: its free lessons open, the others for members. */
export const PREVIEW_SECTION_TEXT =
  'The free lessons are open to you. Members open every lesson of the course.';
/** A lesson a caller without membership may not open. */
export const MEMBERS_ONLY_LESSON_TEXT = 'This lesson is for members.';
/** Where a caller without membership gets it ('Upgrade to Access', as on the course pages). */
export const UPGRADE_PATH = '/membership';

export type LockInfo =
  | { kind: 'schedule'; days: number; text: string; at: string | null; atText: string | null }
  | { kind: 'consultation'; text: string }
  | { kind: 'blocked'; text: string }
  | { kind: 'membership'; text: string };

/** Null for an open section. */
export function getLockInfo(
  section: Pick<AvailableModule, 'isCompleted' | 'isAvailable' | 'lockedReason' | 'unlockDate'>,
  now: Date = new Date(),
  locale?: string | readonly string[],
  timeZone?: string,
): LockInfo | null {
  if (section.isCompleted || section.isAvailable) return null;
  if (section.lockedReason === 'membership') return { kind: 'membership', text: PREVIEW_SECTION_TEXT };
  if (section.lockedReason === 'consultation') return { kind: 'consultation', text: CONSULTATION_LOCK_TEXT };
  if (section.lockedReason === 'blocked') return { kind: 'blocked', text: BLOCKED_LOCK_TEXT };
  if (!section.unlockDate) return { kind: 'schedule', days: 0, text: 'Locked', at: null, atText: null };
  const due = getDaysUntilUnlock(section.unlockDate, now);
  return {
    kind: 'schedule',
    days: due,
    text: formatUnlocksIn(due),
    at: section.unlockDate,
    atText: formatDateTime(section.unlockDate, { locale, timeZone }),
  };
}

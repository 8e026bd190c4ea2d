/**
 * A section's state for display (docs/behaviour/member-learning.md#drip-release: Locked → Available →
 * Completed), and what a locked one tells the member: when it opens, that it waits for the restaurant
 * consultation, or that it waits for their revenue-share account to be up to date.
 */
import type { AvailableModule } from '@platform/contracts';
import { formatDateTime } from '@platform/contracts/format';
import { formatUnlocksIn, getDaysUntilUnlock } from './unlock-time';

export type SectionStatus = 'Completed' | 'Available' | 'Locked';

export function getSectionStatus(
  section: Pick<AvailableModule, 'isCompleted' | 'isAvailable'>,
): SectionStatus {
  if (section.isCompleted) return 'Completed';
  return section.isAvailable ? 'Available' : 'Locked';
}

export const CONSULTATION_LOCK_TEXT = 'Unlocks after you submit your restaurant consultation';
export const BLOCKED_LOCK_TEXT = 'Unlocks once your revenue-share account is up to date';

export type LockInfo =
  | { kind: 'schedule'; days: number; text: string; at: string | null; atText: string | null }
  | { kind: 'consultation'; text: string }
  | { kind: 'blocked'; text: string };

/** Null for an open section. */
export function getLockInfo(
  section: Pick<AvailableModule, 'isCompleted' | 'isAvailable' | 'lockedReason' | 'unlockDate'>,
  now: Date = new Date(),
  locale?: string | readonly string[],
  timeZone?: string,
): LockInfo | null {
  if (getSectionStatus(section) !== 'Locked') return null;
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

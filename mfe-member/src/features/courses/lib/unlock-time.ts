/**
 * When a locked section opens, as the member reads it: whole days to go, counted up from the exact
 * release instant the course service sends (`unlockDate`), and the local date and time of that instant.
 */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days until `unlockDate`, rounded up (12 hours to go is '1 day'); at least 1 while still ahead, 0 once passed. */
export function getDaysUntilUnlock(unlockDate: string | Date, now: Date = new Date()): number {
  const at = typeof unlockDate === 'string' ? new Date(unlockDate) : unlockDate;
  const remaining = at.getTime() - now.getTime();
  if (Number.isNaN(remaining) || remaining <= 0) return 0;
  return Math.max(1, Math.ceil(remaining / DAY_MS));
}

/** 'Unlocks in 1 day', 'Unlocks in 3 days'; 'Unlocking now' when the moment has come (a refresh opens it). */
export function formatUnlocksIn(days: number): string {
  if (days <= 0) return 'Unlocking now';
  return `Unlocks in ${days} ${days === 1 ? 'day' : 'days'}`;
}

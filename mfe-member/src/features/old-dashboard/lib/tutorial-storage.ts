/**
 * The guided tour's memory (docs/behaviour/member-learning.md#older-dashboard,
 * docs/behaviour/site-wide.md#browser-storage): the key `tutorial_dashboard` holds `completed` (finished) or
 * `skipped`; while it holds neither, the tour starts TOUR_START_DELAY_MS after the page opens.
 */

export const TUTORIAL_STORAGE_KEY = 'tutorial_dashboard';
export const TOUR_START_DELAY_MS = 1000;
export type TourOutcome = 'completed' | 'skipped';

/** True when no outcome is stored (a blocked storage counts as stored: never nag in a loop). */
export function shouldStartTour(storage: Pick<Storage, 'getItem'> | undefined): boolean {
  if (!storage) return false;
  try {
    return storage.getItem(TUTORIAL_STORAGE_KEY) === null;
  } catch {
    return false;
  }
}

export function recordTourOutcome(storage: Pick<Storage, 'setItem'> | undefined, outcome: TourOutcome): void {
  try {
    storage?.setItem(TUTORIAL_STORAGE_KEY, outcome);
  } catch {
    // Private mode or a full quota: the tour may show again next time.
  }
}

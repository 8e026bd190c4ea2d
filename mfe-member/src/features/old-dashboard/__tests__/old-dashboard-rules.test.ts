import { describe, expect, it } from '@jest/globals';
import type { CourseSummary } from '@platform/contracts';
import {
  getChapterLabel,
  getChapterState,
  getProgressCards,
  getUnlockLine,
  pickDashboardCourse,
  sortChapters,
} from '../lib/old-dashboard-rules';
import { TUTORIAL_STORAGE_KEY, recordTourOutcome, shouldStartTour } from '../lib/tutorial-storage';

function course(id: number, isEnrolled: boolean): CourseSummary {
  return {
    id,
    title: `Course ${id}`,
    description: '',
    thumbnail: null,
    difficulty: 'beginner',
    isPublished: true,
    sectionCount: 8,
    lessonCount: 45,
    isEnrolled,
    enrolledAt: isEnrolled ? '2026-11-01T10:00:00.000Z' : null,
    resume: null,
  };
}

describe('older dashboard rules', () => {
  it('shows the course the member is enrolled in; an admin without one sees the first', () => {
    expect(pickDashboardCourse([course(1, false), course(2, true)], false)?.id).toBe(2);
    expect(pickDashboardCourse([course(1, false)], false)).toBeNull();
    expect(pickDashboardCourse([course(1, false)], true)?.id).toBe(1);
    expect(pickDashboardCourse(null, true)).toBeNull();
  });

  it('keeps Overall Progress and Time Invested at 0 and counts completed modules', () => {
    expect(getProgressCards([{ isCompleted: true }, { isCompleted: false }, { isCompleted: true }])).toEqual({
      overallProgress: '0%',
      completedModules: '2/3 modules',
      timeInvested: '0h',
    });
    expect(getProgressCards(undefined).completedModules).toBe('0/0 modules');
  });

  it('orders and labels chapters and marks locked ones with their local unlock time', () => {
    expect(
      sortChapters([
        { id: 9, orderIndex: 2 },
        { id: 4, orderIndex: 1 },
      ]).map((c) => c.id),
    ).toEqual([4, 9]);
    expect(getChapterLabel(0, 'Foundations')).toBe('Chapter 1: Foundations');
    expect(getChapterState({ isAvailable: false, isCompleted: false })).toBe('Locked');
    expect(getChapterState({ isAvailable: true, isCompleted: true })).toBe('Completed');
    expect(
      getUnlockLine({ unlockDate: '2026-11-23T15:04:00.000Z', lockedReason: 'schedule' }, 'en-US', 'UTC'),
    ).toBe('Unlocks Nov 23, 3:04 PM');
    expect(getUnlockLine({ unlockDate: null, lockedReason: 'consultation' })).toBe(
      'Unlocks after your consultation is submitted',
    );
    expect(getUnlockLine({ unlockDate: '2026-11-23T15:04:00.000Z', lockedReason: 'blocked' })).toBe(
      'Unlocks once your revenue-share account is up to date',
    );
  });
});

describe('guided tour memory', () => {
  function memoryStorage() {
    const store = new Map<string, string>();
    return {
      store,
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    };
  }

  it('starts on the first visit only, whether the tour was finished or skipped', () => {
    const storage = memoryStorage();
    expect(shouldStartTour(storage)).toBe(true);
    recordTourOutcome(storage, 'skipped');
    expect(storage.store.get(TUTORIAL_STORAGE_KEY)).toBe('skipped');
    expect(shouldStartTour(storage)).toBe(false);
    recordTourOutcome(storage, 'completed');
    expect(storage.store.get(TUTORIAL_STORAGE_KEY)).toBe('completed');
    expect(shouldStartTour(storage)).toBe(false);
  });

  it('does not start when storage is unavailable', () => {
    expect(shouldStartTour(undefined)).toBe(false);
    expect(
      shouldStartTour({
        getItem: () => {
          throw new Error('SecurityError');
        },
      }),
    ).toBe(false);
  });
});

import { describe, expect, it } from '@jest/globals';
import { AvailableModuleListSchema } from '@platform/contracts';
import type { AvailableModule } from '@platform/contracts';
import { formatCourseSize, getCourseAction, parseContentId } from '../lib/course-rules';
import {
  BLOCKED_LOCK_TEXT,
  CONSULTATION_LOCK_TEXT,
  getLockInfo,
  getSectionStatus,
} from '../lib/section-state';
import { DAY_MS, formatUnlocksIn, getDaysUntilUnlock } from '../lib/unlock-time';

const NOW = new Date('2026-11-22T10:00:00.000Z');

function section(overrides: Partial<AvailableModule> = {}): AvailableModule {
  return AvailableModuleListSchema.parse([
    {
      id: 2,
      courseId: 1,
      title: 'Menu Engineering',
      description: 'Price and place every dish.',
      orderIndex: 2,
      availableAfterDays: 1,
      isAvailable: false,
      unlockDate: new Date(NOW.getTime() + DAY_MS - 60_000).toISOString(),
      lockedReason: 'schedule',
      isCompleted: false,
      completedAt: null,
      lessonCount: 4,
      completedLessonCount: 0,
      unlockNoticeDue: false,
      ...overrides,
    },
  ])[0]!;
}

describe('days until a section unlocks', () => {
  it('rounds up to whole days from the exact release instant', () => {
    const at = (ms: number) => new Date(NOW.getTime() + ms);
    expect(getDaysUntilUnlock(at(DAY_MS - 1000), NOW)).toBe(1);
    expect(getDaysUntilUnlock(at(DAY_MS), NOW)).toBe(1);
    expect(getDaysUntilUnlock(at(DAY_MS + 1), NOW)).toBe(2);
    expect(getDaysUntilUnlock(at(7 * DAY_MS - 5000).toISOString(), NOW)).toBe(7);
    // Minutes to go still reads '1 day', never '0 days'.
    expect(getDaysUntilUnlock(at(60_000), NOW)).toBe(1);
  });

  it('is 0 once the moment has passed, or for a date it cannot read', () => {
    expect(getDaysUntilUnlock(NOW, NOW)).toBe(0);
    expect(getDaysUntilUnlock(new Date(NOW.getTime() - DAY_MS), NOW)).toBe(0);
    expect(getDaysUntilUnlock('not a date', NOW)).toBe(0);
  });

  it("says 'Unlocks in N day(s)'", () => {
    expect(formatUnlocksIn(1)).toBe('Unlocks in 1 day');
    expect(formatUnlocksIn(7)).toBe('Unlocks in 7 days');
    expect(formatUnlocksIn(0)).toBe('Unlocking now');
  });

  it("shows the release in the reader's time zone", () => {
    const late = section({ unlockDate: '2026-11-23T23:30:00.000Z' });
    expect(getLockInfo(late, NOW, 'en-US', 'UTC')).toMatchObject({ atText: 'Nov 23, 2026, 11:30 PM' });
    expect(getLockInfo(late, NOW, 'en-US', 'Asia/Tokyo')).toMatchObject({ atText: 'Nov 24, 2026, 8:30 AM' });
  });
});

describe('section state', () => {
  it('badges Completed before Available before Locked', () => {
    expect(getSectionStatus({ isCompleted: true, isAvailable: false })).toBe('Completed');
    expect(getSectionStatus({ isCompleted: true, isAvailable: true })).toBe('Completed');
    expect(getSectionStatus({ isCompleted: false, isAvailable: true })).toBe('Available');
    expect(getSectionStatus({ isCompleted: false, isAvailable: false })).toBe('Locked');
  });

  it('shows an account without membership a free preview, not a locked course', () => {
    const preview = section({ lockedReason: 'membership', unlockDate: null });
    expect(getSectionStatus(preview)).toBe('Free Preview');
    expect(getLockInfo(preview, NOW)).toEqual({
      kind: 'membership',
      text: 'The free lessons are open to you. Members open every lesson of the course.',
    });
  });

  it('tells when a scheduled section opens, and that a consultation-gated one waits for it', () => {
    const scheduled = getLockInfo(section(), NOW, 'en-US', 'UTC');
    expect(scheduled).toEqual({
      kind: 'schedule',
      days: 1,
      text: 'Unlocks in 1 day',
      at: section().unlockDate,
      atText: 'Nov 23, 2026, 9:59 AM',
    });
    const gated = section({ lockedReason: 'consultation', unlockDate: '2026-11-20T10:00:00.000Z' });
    expect(getLockInfo(gated, NOW)).toEqual({ kind: 'consultation', text: CONSULTATION_LOCK_TEXT });
    expect(getLockInfo(section({ isAvailable: true, lockedReason: null }), NOW)).toBeNull();
    expect(getLockInfo(section({ isCompleted: true }), NOW)).toBeNull();
  });

  it('says a section held back by a blocked revenue-share account waits for the account, not a date', () => {
    const held = section({ lockedReason: 'blocked', unlockDate: '2026-11-20T10:00:00.000Z' });
    expect(getLockInfo(held, NOW)).toEqual({ kind: 'blocked', text: BLOCKED_LOCK_TEXT });
    expect(BLOCKED_LOCK_TEXT).toBe('Unlocks once your revenue-share account is up to date');
    expect(getLockInfo(section({ lockedReason: 'blocked', isCompleted: true }), NOW)).toBeNull();
  });
});

describe('course rules', () => {
  it('offers View Course if enrolled, Enroll Now to a member, Upgrade to Access otherwise', () => {
    expect(getCourseAction({ id: 4, isEnrolled: true }, false).label).toBe('View Course');
    expect(getCourseAction({ id: 4, isEnrolled: false }, true).label).toBe('Enroll Now');
    expect(getCourseAction({ id: 4, isEnrolled: false }, false)).toEqual({
      label: 'Upgrade to Access',
      href: '/membership',
    });
  });

  it('offers the admin, who previews every course, View Course without an enrolment', () => {
    expect(getCourseAction({ id: 4, isEnrolled: false }, false, true)).toEqual({
      label: 'View Course',
      href: '/courses/4',
    });
  });

  it('writes the size as the catalogue counts it', () => {
    expect(formatCourseSize({ lessonCount: 45, sectionCount: 8 })).toBe('45 lessons • 8 sections');
    expect(formatCourseSize({ lessonCount: 1, sectionCount: 1 })).toBe('1 lesson • 1 section');
  });

  it('reads only positive whole ids from the address', () => {
    expect(parseContentId('12')).toBe(12);
    for (const bad of [undefined, '', '0', '-1', '1.5', '12abc', '007', '99999999999']) {
      expect(parseContentId(bad)).toBeNull();
    }
  });
});

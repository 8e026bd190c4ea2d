import { describe, expect, it } from '@jest/globals';
import {
  BLOCKED_WAIT_TEXT,
  CONSULTATION_WAIT_TEXT,
  describeLockedStop,
  getLockedLessonNotice,
} from '../lib/lesson-stops';

const at = '2030-06-12T18:20:00.000Z';
const auckland = { locale: 'en-US', timeZone: 'Pacific/Auckland' };

describe('what the lesson page says about a lesson not open yet', () => {
  it('says when a scheduled lesson opens, in the reader’s own time zone', () => {
    const stop = { isLocked: true, unlockDate: at, lockedReason: 'schedule' as const };
    expect(describeLockedStop(stop, auckland)).toBe('Opens Jun 13, 2030, 6:20 AM');
    expect(describeLockedStop(stop, { locale: 'en-US', timeZone: 'America/Chicago' })).toBe(
      'Opens Jun 12, 2030, 1:20 PM',
    );
    expect(getLockedLessonNotice(stop, auckland)).toBe(
      'This lesson opens on Jun 13, 2030, 6:20 AM (your local time).',
    );
  });

  it('says a lesson waits for the consultation, whatever its schedule', () => {
    const stop = { isLocked: true, unlockDate: at, lockedReason: 'consultation' as const };
    expect(describeLockedStop(stop, auckland)).toBe(CONSULTATION_WAIT_TEXT);
    expect(getLockedLessonNotice(stop)).toBe(
      'This lesson opens after you submit your restaurant consultation.',
    );
  });

  it('says a lesson an account without membership may not open is for members', () => {
    const stop = { isLocked: true, unlockDate: null, lockedReason: 'membership' as const };
    expect(describeLockedStop(stop)).toBe('For members');
    expect(getLockedLessonNotice(stop)).toBe('This lesson is for members.');
  });

  it('says a lesson held back by a blocked revenue-share account waits for the account, not its date', () => {
    const stop = { isLocked: true, unlockDate: at, lockedReason: 'blocked' as const };
    expect(describeLockedStop(stop, auckland)).toBe(BLOCKED_WAIT_TEXT);
    expect(BLOCKED_WAIT_TEXT).toBe('Opens once your revenue-share account is up to date');
    expect(getLockedLessonNotice(stop)).toBe(
      'This lesson opens once your revenue-share account is up to date.',
    );
  });

  it('says nothing about an open lesson', () => {
    expect(describeLockedStop({ isLocked: false, unlockDate: at, lockedReason: null })).toBeNull();
  });
});

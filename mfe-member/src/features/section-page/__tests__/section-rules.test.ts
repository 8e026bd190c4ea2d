import { describe, expect, it } from '@jest/globals';
import {
  getCompletionHint,
  getCompletionProgress,
  getLessonPosition,
  getMarkSectionQuestion,
  getLockedNotice,
  getNextSectionTeaser,
  getSectionBadge,
  getSectionKeyPoints,
  getSectionNumber,
  getSectionPageTitle,
  splitParagraphs,
} from '../lib/section-rules';

const sections = [
  { id: 12, orderIndex: 2, isAvailable: false },
  { id: 10, orderIndex: 0, isAvailable: true },
  { id: 11, orderIndex: 1, isAvailable: true },
];

describe('section page rules', () => {
  it('titles the page after the section', () => {
    expect(getSectionPageTitle('Foundations')).toBe('Foundations | Restaurant Consultancy Course');
  });

  it('teases the next section by position when it is available to the member', () => {
    expect(getNextSectionTeaser(sections, 10)).toEqual({
      text: 'Section 2 is now available!',
      next: { id: 11, number: 2 },
    });
    expect(getNextSectionTeaser(sections, 11).text).toBe('Continue building your restaurant expertise!');
    expect(getNextSectionTeaser(sections, 12).text).toBe('Continue building your restaurant expertise!');
    expect(getNextSectionTeaser(undefined, 10).next).toBeNull();
    expect(getSectionNumber(sections, 12)).toBe(3);
    expect(getSectionNumber(sections, 99)).toBeNull();
  });

  it('reads badge, position, minutes and the footer hint word for word', () => {
    expect(getSectionBadge({ isCompleted: true, isAvailable: true })).toBe('Completed');
    expect(getSectionBadge({ isCompleted: false, isAvailable: true })).toBe('Available');
    expect(getSectionBadge({ isCompleted: false, isAvailable: false })).toBe('Locked');
    expect(getLessonPosition(1, 7)).toBe('Lesson 2 of 7');
    expect(getCompletionHint(4)).toBe('Complete all 4 lessons to finish this section');
  });

  it("gathers the lessons' key points once each, in order", () => {
    expect(
      getSectionKeyPoints([
        { keyPoints: ['Greet fast', ' Smile '] },
        { keyPoints: ['greet fast', '', 'Refill water'] },
      ]),
    ).toEqual(['Greet fast', 'Smile', 'Refill water']);
  });

  it('says when a locked section opens, in local time, or that it waits for the consultation', () => {
    expect(
      getLockedNotice({ unlockDate: '2026-11-23T15:04:00.000Z', lockedReason: 'schedule' }, 'en-US', 'UTC'),
    ).toBe('This section is locked. It unlocks on Nov 23, 2026, 3:04 PM.');
    expect(getLockedNotice({ unlockDate: null, lockedReason: 'consultation' })).toBe(
      'This section unlocks after you submit your restaurant consultation.',
    );
    expect(getLockedNotice({ unlockDate: '2026-11-23T15:04:00.000Z', lockedReason: 'blocked' })).toBe(
      'This section unlocks once your revenue-share account is up to date.',
    );
  });

  it('splits plain lesson text into paragraphs', () => {
    expect(splitParagraphs('One.\n\nTwo\nlines.\n\n\n')).toEqual(['One.', 'Two\nlines.']);
    expect(splitParagraphs(null)).toEqual([]);
  });
});

describe("'Mark Section Complete' and the one rule for a finished section", () => {
  it('says how far the member is and that marking completes the lessons left', () => {
    expect(getCompletionProgress(15, 2)).toBe(
      '2 of 15 lessons completed. Marking the section complete records all 15 as completed.',
    );
    expect(getCompletionProgress(1, 1)).toBe('1 of 1 lesson completed.');
  });

  it('asks first while lessons remain, and not once they are all done', () => {
    expect(getMarkSectionQuestion(15, 2)).toEqual({
      title: 'Mark all 15 lessons complete?',
      description:
        '13 lessons of this section are not completed yet. Marking the section complete records them as completed, and your dashboard counts the section as finished.',
    });
    expect(getMarkSectionQuestion(4, 3)?.description).toMatch(
      /^1 lesson of this section is not completed yet\. .* records it as/,
    );
    expect(getMarkSectionQuestion(4, 4)).toBeNull();
    expect(getMarkSectionQuestion(0, 0)).toBeNull();
  });
});

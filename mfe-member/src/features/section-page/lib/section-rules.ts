/**
 * The section page's display rules (docs/behaviour/member-learning.md#section-page; docs/decisions.md, 8):
 * the badge, the lesson position and duration lines, the footer, the positional next-section teaser,
 * the key points, the lock notice, and how a failed call is read. Display only: the server decides.
 */
import type { AvailableModule, MemberLesson } from '@platform/contracts';
import { formatDateTime } from '@platform/contracts/format';
import { getSectionStatus } from '../../courses/lib/section-state';
import type { SectionStatus } from '../../courses/lib/section-state';

export const SECTION_PAGE_TITLE_SUFFIX = 'Restaurant Consultancy Course';

export function getSectionPageTitle(title: string): string {
  return `${title} | ${SECTION_PAGE_TITLE_SUFFIX}`;
}

/** The badge says the section's status, as the course pages do. */
export type SectionBadge = SectionStatus;
export const getSectionBadge = getSectionStatus;

/** 'Lesson 2 of 7'. */
export function getLessonPosition(index: number, total: number): string {
  return `Lesson ${index + 1} of ${total}`;
}

export function getCompletionHint(lessonCount: number): string {
  return `Complete all ${lessonCount} lessons to finish this section`;
}

function lessons(n: number): string {
  return `${n} ${n === 1 ? 'lesson' : 'lessons'}`;
}

/**
 * The footer's second line: how far the member is, and what 'Mark Section Complete' does (docs/decisions.md,
 * 46: a section is finished when all its lessons are, so marking it completes the lessons left).
 */
export function getCompletionProgress(lessonCount: number, completedCount: number): string {
  const done = `${completedCount} of ${lessons(lessonCount)} completed.`;
  if (completedCount >= lessonCount) return done;
  return `${done} Marking the section complete records all ${lessonCount} as completed.`;
}

/** The question 'Mark Section Complete' asks while lessons remain; null when none do. */
export function getMarkSectionQuestion(
  lessonCount: number,
  completedCount: number,
): { title: string; description: string } | null {
  const remaining = lessonCount - completedCount;
  if (remaining <= 0) return null;
  return {
    title: `Mark all ${lessons(lessonCount)} complete?`,
    description: `${lessons(remaining)} of this section ${remaining === 1 ? 'is' : 'are'} not completed yet. Marking the section complete records ${remaining === 1 ? 'it' : 'them'} as completed, and your dashboard counts the section as finished.`,
  };
}

/**
 * The next-section teaser is positional (docs/decisions.md, 8): on section N, 'Section N+1 is now available!'
 * when section N+1 is available to this member, otherwise 'Continue building your restaurant expertise!'.
 */
export function getNextSectionTeaser(
  sections: readonly Pick<AvailableModule, 'id' | 'orderIndex' | 'isAvailable'>[] | null | undefined,
  currentId: number,
): { text: string; next: { id: number; number: number } | null } {
  const fallback = { text: 'Continue building your restaurant expertise!', next: null };
  if (!sections) return fallback;
  const ordered = [...sections].sort((a, b) => a.orderIndex - b.orderIndex || a.id - b.id);
  const index = ordered.findIndex((section) => section.id === currentId);
  const next = index === -1 ? undefined : ordered[index + 1];
  if (!next?.isAvailable) return fallback;
  const number = index + 2;
  return { text: `Section ${number} is now available!`, next: { id: next.id, number } };
}

/** The section's number in its course (1-based), when the course's list is known. */
export function getSectionNumber(
  sections: readonly Pick<AvailableModule, 'id' | 'orderIndex'>[] | null | undefined,
  currentId: number,
): number | null {
  if (!sections) return null;
  const ordered = [...sections].sort((a, b) => a.orderIndex - b.orderIndex || a.id - b.id);
  const index = ordered.findIndex((section) => section.id === currentId);
  return index === -1 ? null : index + 1;
}

/** 'What You'll Learn in This Section': every lesson's key points in lesson order, each once. */
export function getSectionKeyPoints(lessons: readonly Pick<MemberLesson, 'keyPoints'>[]): string[] {
  const seen = new Set<string>();
  const points: string[] = [];
  for (const lesson of lessons) {
    for (const raw of lesson.keyPoints) {
      const point = raw.trim();
      if (point === '' || seen.has(point.toLowerCase())) continue;
      seen.add(point.toLowerCase());
      points.push(point);
    }
  }
  return points;
}

/** Why a locked section is locked and when it opens, in the member's local time. */
export function getLockedNotice(
  section: Pick<AvailableModule, 'unlockDate' | 'lockedReason'>,
  locale?: string,
  timeZone?: string,
): string {
  if (section.lockedReason === 'consultation') {
    return 'This section unlocks after you submit your restaurant consultation.';
  }
  if (section.lockedReason === 'blocked') {
    return 'This section unlocks once your revenue-share account is up to date.';
  }
  if (section.unlockDate) {
    return `This section is locked. It unlocks on ${formatDateTime(section.unlockDate, { locale, timeZone })}.`;
  }
  return 'This section is locked and is not available yet.';
}

/** The paragraphs of a lesson's plain text (blank lines separate them). */
export function splitParagraphs(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

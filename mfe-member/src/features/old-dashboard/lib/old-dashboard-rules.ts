/**
 * The older dashboard's display rules (docs/behaviour/member-learning.md#older-dashboard): which course it
 * shows, the progress cards (Overall Progress and Time Invested are fixed at 0 by the spec), chapter labels
 * and the lock line. Display only: the server decides what a member may open.
 */
import type { AvailableModule, CourseSummary } from '@platform/contracts';
import { formatDateTime, parseInstant } from '@platform/contracts/format';

/** The member's course: the first one they are enrolled in (an admin, who has none, sees the first). */
export function pickDashboardCourse(
  courses: readonly CourseSummary[] | null | undefined,
  isAdmin: boolean,
): CourseSummary | null {
  if (!courses) return null;
  return courses.find((course) => course.isEnrolled) ?? (isAdmin ? (courses[0] ?? null) : null);
}

export interface ProgressCards {
  overallProgress: string;
  completedModules: string;
  timeInvested: string;
}

export function getProgressCards(
  chapters: readonly Pick<AvailableModule, 'isCompleted'>[] | null | undefined,
): ProgressCards {
  const list = chapters ?? [];
  const done = list.filter((chapter) => chapter.isCompleted).length;
  return { overallProgress: '0%', completedModules: `${done}/${list.length} modules`, timeInvested: '0h' };
}

export function sortChapters<T extends Pick<AvailableModule, 'id' | 'orderIndex'>>(
  chapters: readonly T[],
): T[] {
  return [...chapters].sort((a, b) => a.orderIndex - b.orderIndex || a.id - b.id);
}

export function getChapterLabel(index: number, title: string): string {
  return `Chapter ${index + 1}: ${title}`;
}

/** A chapter's state word for its badge. */
export function getChapterState(
  chapter: Pick<AvailableModule, 'isAvailable' | 'isCompleted'>,
): 'Completed' | 'Available' | 'Locked' {
  if (chapter.isCompleted) return 'Completed';
  return chapter.isAvailable ? 'Available' : 'Locked';
}

/** 'Unlocks Nov 23, 3:04 PM' in the member's local time; the consultation gate and a block say so instead. */
export function getUnlockLine(
  chapter: Pick<AvailableModule, 'unlockDate' | 'lockedReason'>,
  locale?: string,
  timeZone?: string,
): string {
  if (chapter.lockedReason === 'consultation') return 'Unlocks after your consultation is submitted';
  if (chapter.lockedReason === 'blocked') return 'Unlocks once your revenue-share account is up to date';
  if (!chapter.unlockDate) return 'Not available yet';
  const date = parseInstant(chapter.unlockDate);
  if (!date) return 'Not available yet';
  return `Unlocks ${formatDateTime(date, { withYear: false, locale, timeZone })}`;
}

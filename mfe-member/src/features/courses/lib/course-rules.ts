/**
 * What the member pages offer for a course (docs/behaviour/member-learning.md#course-list-dashboard): 'View
 * Course' if enrolled (and to the admin, who previews every course: docs/decisions.md, 30), 'Enroll Now' to
 * a member, 'Upgrade to Access' (to /membership) otherwise; published courses only; the size line. Display
 * only: the course service decides what a caller may open.
 */
import type { CourseSummary } from '@platform/contracts';

export type CourseAction = { label: 'View Course' | 'Enroll Now' | 'Upgrade to Access'; href: string };

export function getCourseAction(
  course: Pick<CourseSummary, 'id' | 'isEnrolled'>,
  isMember: boolean,
  isAdmin = false,
): CourseAction {
  if (course.isEnrolled || isAdmin) return { label: 'View Course', href: `/courses/${course.id}` };
  if (isMember) return { label: 'Enroll Now', href: `/courses/${course.id}` };
  return { label: 'Upgrade to Access', href: '/membership' };
}

/** Lists show published courses only. */
export function getAvailableCourses(courses: readonly CourseSummary[]): CourseSummary[] {
  return courses.filter((course) => course.isPublished);
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** '45 lessons • 8 sections' (docs/decisions.md, 4: the catalogue's own counts). */
export function formatCourseSize(course: Pick<CourseSummary, 'lessonCount' | 'sectionCount'>): string {
  return `${count(course.lessonCount, 'lesson', 'lessons')} • ${count(course.sectionCount, 'section', 'sections')}`;
}

/** A route parameter that names a content id: digits only, positive; anything else names nothing. */
export function parseContentId(value: string | undefined): number | null {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

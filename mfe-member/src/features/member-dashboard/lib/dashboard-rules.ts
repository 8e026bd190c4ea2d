/**
 * The course-list member dashboard's display rules (docs/behaviour/member-learning.md#course-list-dashboard):
 * the membership badge text, each available course's button and lock overlay, and the enrolled date. Display
 * only: the server decides what a caller may open.
 */
import type { CourseSummary, Enrollment } from '@platform/contracts';
import { formatDate } from '@platform/contracts/format';

type MembershipFields = { isMember?: boolean; subscriptionStatus?: string | null };

export type MembershipBadgeText = 'Trial Membership' | 'Active Membership' | 'Free Account';

export function getMembershipBadgeText(user: MembershipFields | null | undefined): MembershipBadgeText {
  if (!user?.isMember) return 'Free Account';
  return user.subscriptionStatus === 'trial' ? 'Trial Membership' : 'Active Membership';
}

// 'View Course' / 'Enroll Now' / 'Upgrade to Access' and the published-only list: the same rules as /courses.
export { getAvailableCourses, getCourseAction } from '../../courses/lib/course-rules';
export type { CourseAction } from '../../courses/lib/course-rules';

/** Non-members see a lock over each available course's thumbnail. */
export function showsLockOverlay(isMember: boolean): boolean {
  return !isMember;
}

export type EnrolledCourse = { course: CourseSummary; enrolledAt: string };

/**
 * My Enrolled Courses: the caller's enrolments (oldest first) matched to the course list; a course the
 * list does not hold is left out, and without an enrolment list the courses marked enrolled are used.
 */
export function getEnrolledCourses(
  courses: readonly CourseSummary[],
  enrollments: readonly Pick<Enrollment, 'courseId' | 'enrolledAt'>[] | null,
): EnrolledCourse[] {
  if (!enrollments) {
    return courses
      .filter((course) => course.isEnrolled && course.enrolledAt)
      .map((course) => ({ course, enrolledAt: course.enrolledAt! }));
  }
  const byId = new Map(courses.map((course) => [course.id, course]));
  const seen = new Set<number>();
  const result: EnrolledCourse[] = [];
  for (const enrollment of enrollments) {
    const course = byId.get(enrollment.courseId);
    if (!course || seen.has(course.id)) continue;
    seen.add(course.id);
    result.push({ course, enrolledAt: enrollment.enrolledAt });
  }
  return result;
}

/** 'Enrolled on {date}' in the reader's locale and time zone. */
export function formatEnrolledOn(
  iso: string,
  locale?: string | readonly string[],
  timeZone?: string,
): string {
  return `Enrolled on ${formatDate(iso, { locale, timeZone })}`;
}

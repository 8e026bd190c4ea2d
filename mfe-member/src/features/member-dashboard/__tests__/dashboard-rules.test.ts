import { describe, expect, it } from '@jest/globals';
import { CourseListSchema } from '@platform/contracts';
import type { CourseSummary } from '@platform/contracts';
import {
  formatEnrolledOn,
  getAvailableCourses,
  getCourseAction,
  getEnrolledCourses,
  getMembershipBadgeText,
  showsLockOverlay,
} from '../lib/dashboard-rules';

function course(overrides: Partial<CourseSummary>): CourseSummary {
  return CourseListSchema.parse([
    {
      id: 1,
      title: 'Restaurant Management Mastery',
      description: 'Eight sections.',
      thumbnail: null,
      difficulty: 'beginner',
      isPublished: true,
      sectionCount: 8,
      lessonCount: 24,
      isEnrolled: false,
      enrolledAt: null,
      resume: null,
      ...overrides,
    },
  ])[0]!;
}

describe('member dashboard (course-list variant)', () => {
  it('names the membership as the spec does', () => {
    expect(getMembershipBadgeText({ isMember: true, subscriptionStatus: 'trial' })).toBe('Trial Membership');
    expect(getMembershipBadgeText({ isMember: true, subscriptionStatus: 'active' })).toBe(
      'Active Membership',
    );
    expect(getMembershipBadgeText({ isMember: true, subscriptionStatus: null })).toBe('Active Membership');
    expect(getMembershipBadgeText({ isMember: false, subscriptionStatus: 'trial' })).toBe('Free Account');
    expect(getMembershipBadgeText({})).toBe('Free Account');
    expect(getMembershipBadgeText(null)).toBe('Free Account');
  });

  it('offers View Course if enrolled, Enroll Now to a member, Upgrade to Access otherwise', () => {
    expect(getCourseAction(course({ id: 3, isEnrolled: true }), true)).toEqual({
      label: 'View Course',
      href: '/courses/3',
    });
    expect(getCourseAction(course({ id: 3, isEnrolled: true }), false)).toEqual({
      label: 'View Course',
      href: '/courses/3',
    });
    expect(getCourseAction(course({ id: 3 }), true)).toEqual({ label: 'Enroll Now', href: '/courses/3' });
    expect(getCourseAction(course({ id: 3 }), false)).toEqual({
      label: 'Upgrade to Access',
      href: '/membership',
    });
  });

  it('locks the thumbnails for non-members only', () => {
    expect(showsLockOverlay(false)).toBe(true);
    expect(showsLockOverlay(true)).toBe(false);
  });

  it('lists published courses only as available', () => {
    const list = [course({ id: 1 }), course({ id: 2, isPublished: false }), course({ id: 3 })];
    expect(getAvailableCourses(list).map((c) => c.id)).toEqual([1, 3]);
  });

  it('matches enrolments to courses, once each, in enrolment order', () => {
    const list = [
      course({ id: 1 }),
      course({ id: 2, isEnrolled: true, enrolledAt: '2026-01-02T10:00:00.000Z' }),
    ];
    const enrollments = [
      { courseId: 2, enrolledAt: '2026-01-02T10:00:00.000Z' },
      { courseId: 9, enrolledAt: '2026-01-03T10:00:00.000Z' },
      { courseId: 1, enrolledAt: '2026-01-04T10:00:00.000Z' },
      { courseId: 2, enrolledAt: '2026-01-05T10:00:00.000Z' },
    ];
    expect(getEnrolledCourses(list, enrollments).map((e) => [e.course.id, e.enrolledAt])).toEqual([
      [2, '2026-01-02T10:00:00.000Z'],
      [1, '2026-01-04T10:00:00.000Z'],
    ]);
    // Without the enrolment list, the courses marked enrolled.
    expect(getEnrolledCourses(list, null).map((e) => e.course.id)).toEqual([2]);
    expect(getEnrolledCourses(list, [])).toEqual([]);
  });

  it("writes 'Enrolled on {date}' in the reader's locale and time zone", () => {
    expect(formatEnrolledOn('2026-03-01T23:30:00.000Z', 'en-US', 'UTC')).toBe('Enrolled on Mar 1, 2026');
    // Late evening UTC is the next day in Tokyo.
    expect(formatEnrolledOn('2026-03-01T23:30:00.000Z', 'en-US', 'Asia/Tokyo')).toBe(
      'Enrolled on Mar 2, 2026',
    );
    expect(formatEnrolledOn('2026-03-01T23:30:00.000Z', 'de-DE', 'UTC')).toBe('Enrolled on 01.03.2026');
  });
});

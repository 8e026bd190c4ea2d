/**
 * `GET /api/enrollments/dashboard`: everything `/dashboard` shows in one read (docs/decisions.md, 51;
 * docs/behaviour/member-learning.md#progress-dashboard). It answers with the very operations of
 * `GET /api/enrollments`, `GET /api/courses/:id` and `GET /api/courses/:id/available-modules`, so access,
 * drip release and completion keep their one place; only which course the dashboard follows is decided here.
 */
import type { ProgressDashboard } from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import type { CourseRow } from '../catalogue/catalogue.repository.js';
import { listEnrolments } from '../enrolments/list-enrolments.js';
import type { SignedInCaller } from './course-access.js';
import { listCoursesFor } from './learning.repository.js';
import { getCourse, listAvailableModules } from './learning.service.js';

/** The course the admin without an enrolment previews: the first published one, else the first at all. */
export function pickPreviewCourse(courses: readonly Pick<CourseRow, 'id' | 'isPublished'>[]): number | null {
  return (courses.find((course) => course.isPublished) ?? courses[0])?.id ?? null;
}

export async function getProgressDashboard(
  db: Executor,
  call: { caller: SignedInCaller; now: Date },
): Promise<ProgressDashboard> {
  const enrollments = await listEnrolments(db, call.caller.userId);
  // The oldest enrolment's course; the admin without one previews a course (docs/decisions.md, 30), in the
  // order `GET /api/courses` lists the admin's courses.
  const preview = enrollments.length === 0 && call.caller.role === 'admin';
  const courseId = preview
    ? pickPreviewCourse(await listCoursesFor(db, { userId: call.caller.userId, isAdmin: true }))
    : (enrollments[0]?.courseId ?? null);
  if (courseId === null) return { enrollments, shown: null };
  const [course, sections] = await Promise.all([
    getCourse(db, { ...call, courseId }),
    listAvailableModules(db, { ...call, courseId }),
  ]);
  return { enrollments, shown: { course, sections, preview } };
}

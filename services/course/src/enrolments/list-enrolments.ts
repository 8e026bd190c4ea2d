/** `GET /api/enrollments`: the caller's standing enrolments, as the dashboards read them. */
import type { Enrollment, EnrollmentList } from '@platform/contracts';
import type { CourseEnrollmentRow } from '../db/schema.js';
import type { Executor } from '@platform/service-kit/db';
import { listActiveEnrolments } from './enrolments.repository.js';

export async function listEnrolments(db: Executor, userId: string): Promise<EnrollmentList> {
  const rows = await listActiveEnrolments(db, userId);
  return rows.map(toEnrollment);
}

export function toEnrollment(row: CourseEnrollmentRow): Enrollment {
  return {
    id: row.id,
    courseId: row.courseId,
    enrolledAt: row.enrolledAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    purchasedAt: row.purchasedAt?.toISOString() ?? null,
  };
}

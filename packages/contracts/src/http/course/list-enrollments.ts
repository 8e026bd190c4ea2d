/**
 * `GET /api/enrollments` (docs/behaviour/member-learning.md#api-calls): the signed-in caller's
 * enrolments, oldest first; 401 when signed out. A refunded purchase's enrolment is not listed.
 */
import { z } from 'zod';
import { isoDateTime } from '../fields.js';

export const EnrollmentSchema = z.object({
  id: z.number().int().positive(),
  courseId: z.number().int().positive(),
  enrolledAt: isoDateTime,
  completedAt: isoDateTime.nullable(),
  expiresAt: isoDateTime.nullable(),
  purchasedAt: isoDateTime.nullable(),
});
export type Enrollment = z.infer<typeof EnrollmentSchema>;

export const EnrollmentListSchema = z.array(EnrollmentSchema);
export type EnrollmentList = z.infer<typeof EnrollmentListSchema>;

/**
 * `POST /api/courses/:id/enroll` ('Enroll Now'; members may enrol): 201 with the new
 * enrolment, 200 with the standing one. A member is a caller whom a paid, unrefunded order gives a course;
 * the new enrolment hangs off that order, so refunding it withdraws this enrolment too. 403 with
 * MEMBERSHIP_REQUIRED_MESSAGE otherwise; 404 for an unknown or unpublished course.
 */
export const EnrollCourseResponseSchema = EnrollmentSchema;
export type EnrollCourseResponse = Enrollment;

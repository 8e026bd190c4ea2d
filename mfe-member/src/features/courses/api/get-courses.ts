/**
 * `GET /api/courses` (each course says whether the caller is enrolled, its counts and where they left off)
 * and `GET /api/enrollments` (docs/behaviour/member-learning.md#api-calls). A 401 reads as null (signed out).
 * The member pages all read these through here, so one cache entry serves them.
 */
import { defineSignedInQuery } from '@platform/ui';

const courses = defineSignedInQuery(['/api/courses'], (contracts) => contracts.CourseListSchema);
const enrollments = defineSignedInQuery(['/api/enrollments'], (contracts) => contracts.EnrollmentListSchema);

export const COURSES_QUERY_KEY = courses.queryKey;
export const ENROLLMENTS_QUERY_KEY = enrollments.queryKey;
export const coursesQuery = courses.options;
export const enrollmentsQuery = enrollments.options;
export const useCourses = courses.use;
export const useEnrollments = enrollments.use;

/**
 * The dashboard's reads (docs/behaviour/member-learning.md#api-calls): `GET /api/courses` and `GET
 * /api/enrollments`, 401 read as null. They live with the other course reads in `features/courses/api`, so
 * every member page shares one cache entry.
 */
export { coursesQuery, enrollmentsQuery, useCourses, useEnrollments } from '../../courses/api/get-courses';

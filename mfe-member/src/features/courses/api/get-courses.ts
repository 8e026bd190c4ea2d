/**
 * `GET /api/courses` (each course says whether the caller is enrolled, its counts and where they left off)
 * and `GET /api/enrollments` (docs/behaviour/member-learning.md#api-calls). A 401 reads as null (signed out).
 * The member pages all read these through here, so one cache entry serves them.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { parsedQueryFnOrNull } from '@platform/ui';

export const COURSES_QUERY_KEY = ['/api/courses'] as const;
export const ENROLLMENTS_QUERY_KEY = ['/api/enrollments'] as const;

export function coursesQuery(enabled: boolean) {
  return queryOptions({
    queryKey: COURSES_QUERY_KEY,
    enabled,
    queryFn: parsedQueryFnOrNull((contracts) => contracts.CourseListSchema),
  });
}

export function enrollmentsQuery(enabled: boolean) {
  return queryOptions({
    queryKey: ENROLLMENTS_QUERY_KEY,
    enabled,
    queryFn: parsedQueryFnOrNull((contracts) => contracts.EnrollmentListSchema),
  });
}

export function useCourses(enabled: boolean) {
  return useQuery(coursesQuery(enabled));
}

export function useEnrollments(enabled: boolean) {
  return useQuery(enrollmentsQuery(enabled));
}

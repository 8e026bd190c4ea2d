/** `GET /api/courses/:id`: one course's card for any signed-in caller (404 when missing); 401 reads as null. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { parsedQueryFnOrNull } from '@platform/ui';

export function courseQuery(courseId: number, enabled: boolean) {
  return queryOptions({
    queryKey: ['/api/courses', courseId],
    enabled,
    queryFn: parsedQueryFnOrNull((contracts) => contracts.CourseSummarySchema),
  });
}

export function useCourse(courseId: number, enabled: boolean) {
  return useQuery(courseQuery(courseId, enabled));
}

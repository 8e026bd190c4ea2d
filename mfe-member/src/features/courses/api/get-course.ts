/** `GET /api/courses/:id`: one course's card for any signed-in caller (404 when missing); 401 reads as null. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseSummary } from '@platform/contracts';
import { getQueryFn } from '@platform/ui';

const readOrNull = getQueryFn<unknown>({ on401: 'returnNull' });

export function courseQuery(courseId: number, enabled: boolean) {
  return queryOptions({
    queryKey: ['/api/courses', courseId],
    enabled,
    queryFn: async (context): Promise<CourseSummary | null> => {
      const [body, { CourseSummarySchema }] = await Promise.all([
        readOrNull(context),
        import('@platform/contracts'),
      ]);
      return body === null ? null : CourseSummarySchema.parse(body);
    },
  });
}

export function useCourse(courseId: number, enabled: boolean) {
  return useQuery(courseQuery(courseId, enabled));
}

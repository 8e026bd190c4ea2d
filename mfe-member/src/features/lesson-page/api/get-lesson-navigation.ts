/**
 * `GET /api/lessons/:id/navigation` (docs/behaviour/member-learning.md#lesson-page): the lesson's section and
 * the lessons before and after it, each open or locked with its release time. It answers for a locked lesson
 * too, so the page can say when it opens. 401 reads as null (signed out); 403 and 404 throw an `ApiError`.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LessonNavigation } from '@platform/contracts';
import { getQueryFn } from '@platform/ui';

const readOrNull = getQueryFn<unknown>({ on401: 'returnNull' });

export function lessonNavigationQuery(lessonId: string, enabled: boolean) {
  return queryOptions({
    queryKey: ['/api/lessons', lessonId, 'navigation'],
    enabled,
    queryFn: async (context): Promise<LessonNavigation | null> => {
      const [body, { LessonNavigationSchema }] = await Promise.all([
        readOrNull(context),
        import('@platform/contracts'),
      ]);
      return body === null ? null : LessonNavigationSchema.parse(body);
    },
  });
}

export function useLessonNavigation(lessonId: string, enabled: boolean) {
  return useQuery(lessonNavigationQuery(lessonId, enabled));
}

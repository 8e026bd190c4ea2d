/**
 * `GET /api/lessons/:id/navigation` (docs/behaviour/member-learning.md#lesson-page): the lesson's section and
 * the lessons before and after it, each open or locked with its release time. It answers for a locked lesson
 * too, so the page can say when it opens. 401 reads as null (signed out); 403 and 404 throw an `ApiError`.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { parsedQueryFnOrNull } from '@platform/ui';

export function lessonNavigationQuery(lessonId: string, enabled: boolean) {
  return queryOptions({
    queryKey: ['/api/lessons', lessonId, 'navigation'],
    enabled,
    queryFn: parsedQueryFnOrNull((contracts) => contracts.LessonNavigationSchema),
  });
}

export function useLessonNavigation(lessonId: string, enabled: boolean) {
  return useQuery(lessonNavigationQuery(lessonId, enabled));
}

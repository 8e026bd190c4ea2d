/**
 * `GET /api/lessons/:id` (docs/behaviour/member-learning.md#api-calls): the lesson with its content and
 * media, for members only. A 401 reads as null (signed out); 403 (no membership, or not released), 404 and
 * any other failure throw `Error('<status>: <body>')`.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { parsedQueryFnOrNull } from '@platform/ui';

export function lessonQuery(lessonId: string, enabled: boolean) {
  return queryOptions({
    queryKey: ['/api/lessons', lessonId],
    enabled,
    queryFn: parsedQueryFnOrNull((contracts) => contracts.MemberLessonSchema),
  });
}

export function useLesson(lessonId: string, enabled: boolean) {
  return useQuery(lessonQuery(lessonId, enabled));
}

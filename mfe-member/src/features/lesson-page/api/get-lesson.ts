/**
 * `GET /api/lessons/:id` (docs/behaviour/member-learning.md#api-calls): the lesson with its content and
 * media, for members only. A 401 reads as null (signed out); 403 (no membership, or not released), 404 and
 * any other failure throw `Error('<status>: <body>')`.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberLesson } from '@platform/contracts';
import { getQueryFn } from '@platform/ui';

const readOrNull = getQueryFn<unknown>({ on401: 'returnNull' });

export function lessonQuery(lessonId: string, enabled: boolean) {
  return queryOptions({
    queryKey: ['/api/lessons', lessonId],
    enabled,
    queryFn: async (context): Promise<MemberLesson | null> => {
      const [body, { MemberLessonSchema }] = await Promise.all([
        readOrNull(context),
        import('@platform/contracts'),
      ]);
      return body === null ? null : MemberLessonSchema.parse(body);
    },
  });
}

export function useLesson(lessonId: string, enabled: boolean) {
  return useQuery(lessonQuery(lessonId, enabled));
}

/**
 * `GET /api/modules/:id` (one section with the caller's drip state) and `GET /api/modules/:id/lessons`
 * (its lessons; locked ones without content). 401 reads as null; 403 without an enrolment; 404 missing.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailableModule, MemberLessonList } from '@platform/contracts';
import { getQueryFn } from '@platform/ui';

const readOrNull = getQueryFn<unknown>({ on401: 'returnNull' });

export function moduleQuery(moduleId: number, enabled: boolean) {
  return queryOptions({
    queryKey: ['/api/modules', moduleId],
    enabled,
    queryFn: async (context): Promise<AvailableModule | null> => {
      const [body, { AvailableModuleSchema }] = await Promise.all([
        readOrNull(context),
        import('@platform/contracts'),
      ]);
      return body === null ? null : AvailableModuleSchema.parse(body);
    },
  });
}

export function moduleLessonsQuery(moduleId: number, enabled: boolean) {
  return queryOptions({
    queryKey: ['/api/modules', moduleId, 'lessons'],
    enabled,
    queryFn: async (context): Promise<MemberLessonList | null> => {
      const [body, { MemberLessonListSchema }] = await Promise.all([
        readOrNull(context),
        import('@platform/contracts'),
      ]);
      return body === null ? null : MemberLessonListSchema.parse(body);
    },
  });
}

export function useModule(moduleId: number, enabled: boolean) {
  return useQuery(moduleQuery(moduleId, enabled));
}

export function useModuleLessons(moduleId: number, enabled: boolean) {
  return useQuery(moduleLessonsQuery(moduleId, enabled));
}

/**
 * `GET /api/modules/:id` (one section with the caller's drip state) and `GET /api/modules/:id/lessons`
 * (its lessons; locked ones without content). 401 reads as null; 403 without an enrolment; 404 missing.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { parsedQueryFnOrNull } from '@platform/ui';

export function moduleQuery(moduleId: number, enabled: boolean) {
  return queryOptions({
    queryKey: ['/api/modules', moduleId],
    enabled,
    queryFn: parsedQueryFnOrNull((contracts) => contracts.AvailableModuleSchema),
  });
}

export function moduleLessonsQuery(moduleId: number, enabled: boolean) {
  return queryOptions({
    queryKey: ['/api/modules', moduleId, 'lessons'],
    enabled,
    queryFn: parsedQueryFnOrNull((contracts) => contracts.MemberLessonListSchema),
  });
}

export function useModule(moduleId: number, enabled: boolean) {
  return useQuery(moduleQuery(moduleId, enabled));
}

export function useModuleLessons(moduleId: number, enabled: boolean) {
  return useQuery(moduleLessonsQuery(moduleId, enabled));
}

/**
 * `GET /api/courses/:id/available-modules`: the course's sections with the caller's drip state
 * (docs/behaviour/member-learning.md#api-calls); 401 reads as null, 403 without an enrolment.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailableModule } from '@platform/contracts';
import { parsedQueryFnOrNull } from '@platform/ui';

/**
 * A section as the member pages use it, with `unlockNoticeDue` ('New Section Unlocked!' is due: released
 * after enrolment day 0 or when the consultation gate lifted, and not told yet on any device).
 */
export type SectionView = AvailableModule;

export function availableModulesQueryKey(courseId: number) {
  return ['/api/courses', courseId, 'available-modules'] as const;
}

export function availableModulesQuery(courseId: number, enabled: boolean) {
  return queryOptions({
    queryKey: availableModulesQueryKey(courseId),
    enabled,
    queryFn: parsedQueryFnOrNull((contracts) => contracts.AvailableModuleListSchema),
  });
}

export function useAvailableModules(courseId: number, enabled: boolean) {
  return useQuery(availableModulesQuery(courseId, enabled));
}

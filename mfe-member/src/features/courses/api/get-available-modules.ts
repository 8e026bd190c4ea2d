/**
 * `GET /api/courses/:id/available-modules`: the course's sections with the caller's drip state
 * (docs/behaviour/member-learning.md#api-calls); 401 reads as null, 403 without an enrolment.
 */
import type { AvailableModule } from '@platform/contracts';
import { defineSignedInQueryFamily } from '@platform/ui';

/**
 * A section as the member pages use it, with `unlockNoticeDue` ('New Section Unlocked!' is due: released
 * after enrolment day 0 or when the consultation gate lifted, and not told yet on any device).
 */
export type SectionView = AvailableModule;

const availableModules = defineSignedInQueryFamily(
  (courseId: number) => ['/api/courses', courseId, 'available-modules'] as const,
  (contracts) => contracts.AvailableModuleListSchema,
);

export const availableModulesQueryKey = availableModules.queryKey;
export const availableModulesQuery = availableModules.options;
export const useAvailableModules = availableModules.use;

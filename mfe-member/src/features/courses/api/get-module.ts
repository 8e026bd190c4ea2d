/**
 * `GET /api/modules/:id` (one section with the caller's drip state) and `GET /api/modules/:id/lessons`
 * (its lessons; locked ones without content). 401 reads as null; 403 without an enrolment; 404 missing.
 */
import { defineSignedInQueryFamily } from '@platform/ui';

const moduleRead = defineSignedInQueryFamily(
  (moduleId: number) => ['/api/modules', moduleId] as const,
  (contracts) => contracts.AvailableModuleSchema,
);
const moduleLessons = defineSignedInQueryFamily(
  (moduleId: number) => ['/api/modules', moduleId, 'lessons'] as const,
  (contracts) => contracts.MemberLessonListSchema,
);

export const moduleQuery = moduleRead.options;
export const moduleLessonsQuery = moduleLessons.options;
export const useModule = moduleRead.use;
export const useModuleLessons = moduleLessons.use;

/**
 * `GET /api/lessons/:id/navigation` (docs/behaviour/member-learning.md#lesson-page): the lesson's section and
 * the lessons before and after it, each open or locked with its release time. It answers for a locked lesson
 * too, so the page can say when it opens. 401 reads as null (signed out); 403 and 404 throw an `ApiError`.
 */
import { defineSignedInQueryFamily } from '@platform/ui';

const lessonNavigation = defineSignedInQueryFamily(
  (lessonId: string) => ['/api/lessons', lessonId, 'navigation'] as const,
  (contracts) => contracts.LessonNavigationSchema,
);

export const lessonNavigationQuery = lessonNavigation.options;
export const useLessonNavigation = lessonNavigation.use;

/**
 * `GET /api/lessons/:id` (docs/behaviour/member-learning.md#api-calls): the lesson with its content and
 * media, for members only. A 401 reads as null (signed out); 403 (no membership, or not released), 404 and
 * any other failure throw `Error('<status>: <body>')`.
 */
import { defineSignedInQueryFamily } from '@platform/ui';

const lesson = defineSignedInQueryFamily(
  (lessonId: string) => ['/api/lessons', lessonId] as const,
  (contracts) => contracts.MemberLessonSchema,
);

export const lessonQuery = lesson.options;
export const useLesson = lesson.use;

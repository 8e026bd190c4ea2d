/**
 * `GET` and `POST /api/lessons/:id/questions` (docs/behaviour/member-learning.md#lesson-questions): the
 * member's own questions and the published answers under a lesson, and asking a new one.
 */
import type { AskQuestionRequest, LessonQuestion } from '@platform/contracts';
import { defineParsedQueryFamily, requestParsed, useRefreshingMutation } from '@platform/ui';

const lessonQuestions = defineParsedQueryFamily(
  (lessonId: string) => ['/api/lessons', lessonId, 'questions'] as const,
  (contracts) => contracts.LessonQuestionListSchema,
);

export const lessonQuestionsKey = lessonQuestions.queryKey;
export const useLessonQuestions = lessonQuestions.use;

export function useAskQuestion(lessonId: string) {
  const queryKey = lessonQuestionsKey(lessonId);
  return useRefreshingMutation(
    (request: AskQuestionRequest): Promise<LessonQuestion> =>
      requestParsed('POST', queryKey.join('/'), request, (contracts) => contracts.LessonQuestionSchema),
    { refreshes: [queryKey], after: 'success' },
  );
}

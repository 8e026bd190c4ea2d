/**
 * `GET` and `POST /api/lessons/:id/questions` (docs/behaviour/member-learning.md#lesson-questions): the
 * member's own questions and the published answers under a lesson, and asking a new one.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AskQuestionRequest, LessonQuestion } from '@platform/contracts';
import { parsedQueryFn, requestParsed } from '@platform/ui';

export const lessonQuestionsKey = (lessonId: string) => ['/api/lessons', lessonId, 'questions'] as const;

export function useLessonQuestions(lessonId: string) {
  return useQuery({
    queryKey: lessonQuestionsKey(lessonId),
    queryFn: parsedQueryFn((contracts) => contracts.LessonQuestionListSchema),
  });
}

export function useAskQuestion(lessonId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (request: AskQuestionRequest): Promise<LessonQuestion> => {
      return requestParsed(
        'POST',
        `/api/lessons/${lessonId}/questions`,
        request,
        (contracts) => contracts.LessonQuestionSchema,
      );
    },
    onSuccess: () => client.invalidateQueries({ queryKey: lessonQuestionsKey(lessonId) }),
  });
}

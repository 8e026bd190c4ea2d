/**
 * `GET` and `POST /api/lessons/:id/questions` (docs/behaviour/member-learning.md#lesson-questions): the
 * member's own questions and the published answers under a lesson, and asking a new one.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AskQuestionRequest, LessonQuestion, LessonQuestionList } from '@platform/contracts';
import { apiRequest, getQueryFn } from '@platform/ui';

const read = getQueryFn<unknown>({ on401: 'throw' });

export const lessonQuestionsKey = (lessonId: string) => ['/api/lessons', lessonId, 'questions'] as const;

export function useLessonQuestions(lessonId: string) {
  return useQuery({
    queryKey: lessonQuestionsKey(lessonId),
    queryFn: async (context): Promise<LessonQuestionList> => {
      const [body, { LessonQuestionListSchema }] = await Promise.all([
        read(context),
        import('@platform/contracts'),
      ]);
      return LessonQuestionListSchema.parse(body);
    },
  });
}

export function useAskQuestion(lessonId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (request: AskQuestionRequest): Promise<LessonQuestion> => {
      const response = await apiRequest('POST', `/api/lessons/${lessonId}/questions`, request);
      const { LessonQuestionSchema } = await import('@platform/contracts');
      return LessonQuestionSchema.parse(await response.json());
    },
    onSuccess: () => client.invalidateQueries({ queryKey: lessonQuestionsKey(lessonId) }),
  });
}

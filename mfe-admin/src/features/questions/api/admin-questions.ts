/**
 * `GET /api/admin/questions` and `POST /api/admin/questions/:id/answer`
 * (docs/behaviour/admin.md#lesson-questions): the members' questions across the course, and answering one.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminQuestion, AdminQuestionStatus, AnswerQuestionRequest } from '@platform/contracts';
import { parsedQueryFn, requestParsed } from '@platform/ui';

const QUESTIONS_KEY = '/api/admin/questions';

export function useAdminQuestions(status: AdminQuestionStatus) {
  return useQuery({
    queryKey: [`${QUESTIONS_KEY}?status=${status}`],
    queryFn: parsedQueryFn((contracts) => contracts.AdminQuestionListSchema),
  });
}

export function useAnswerQuestion(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (request: AnswerQuestionRequest): Promise<AdminQuestion> => {
      return requestParsed(
        'POST',
        `${QUESTIONS_KEY}/${id}/answer`,
        request,
        (contracts) => contracts.AdminQuestionSchema,
      );
    },
    // Both lists change: the question leaves the open ones and joins the answered ones.
    onSettled: () =>
      client.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith(QUESTIONS_KEY),
      }),
  });
}

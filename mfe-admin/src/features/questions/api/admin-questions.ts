/**
 * `GET /api/admin/questions` and `POST /api/admin/questions/:id/answer`
 * (docs/behaviour/admin.md#lesson-questions): the members' questions across the course, and answering one.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminQuestion,
  AdminQuestionList,
  AdminQuestionStatus,
  AnswerQuestionRequest,
} from '@platform/contracts';
import { apiRequest, getQueryFn } from '@platform/ui';

const read = getQueryFn<unknown>({ on401: 'throw' });
const QUESTIONS_KEY = '/api/admin/questions';

export function useAdminQuestions(status: AdminQuestionStatus) {
  return useQuery({
    queryKey: [`${QUESTIONS_KEY}?status=${status}`],
    queryFn: async (context): Promise<AdminQuestionList> => {
      const [body, { AdminQuestionListSchema }] = await Promise.all([
        read(context),
        import('@platform/contracts'),
      ]);
      return AdminQuestionListSchema.parse(body);
    },
  });
}

export function useAnswerQuestion(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (request: AnswerQuestionRequest): Promise<AdminQuestion> => {
      const response = await apiRequest('POST', `${QUESTIONS_KEY}/${id}/answer`, request);
      const { AdminQuestionSchema } = await import('@platform/contracts');
      return AdminQuestionSchema.parse(await response.json());
    },
    // Both lists change: the question leaves the open ones and joins the answered ones.
    onSettled: () =>
      client.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith(QUESTIONS_KEY),
      }),
  });
}

/**
 * `GET /api/admin/questions` and `POST /api/admin/questions/:id/answer`
 * (docs/behaviour/admin.md#lesson-questions): the members' questions across the course, and answering one.
 * A question is answered once: an answer whose reply was lost (poor Wi-Fi), or pressed again after that and
 * refused as already answered, is found among the answered ones and told as sent.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminQuestion, AdminQuestionStatus, AnswerQuestionRequest } from '@platform/contracts';
import { mayHaveBeenDone, parsedQueryFn, readNow, requestParsed } from '@platform/ui';

const QUESTIONS_KEY = '/api/admin/questions';

export function useAdminQuestions(status: AdminQuestionStatus) {
  return useQuery({
    queryKey: [`${QUESTIONS_KEY}?status=${status}`],
    queryFn: parsedQueryFn((contracts) => contracts.AdminQuestionListSchema),
  });
}

/** The question as answered now, read past the cache; null when it is not, or the read fails too. */
async function findAnswered(id: string): Promise<AdminQuestion | null> {
  const answered = await readNow(
    `${QUESTIONS_KEY}?status=answered`,
    (contracts) => contracts.AdminQuestionListSchema,
  );
  return answered?.find((question) => question.id === id) ?? null;
}

export function useAnswerQuestion(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (request: AnswerQuestionRequest): Promise<AdminQuestion> => {
      try {
        return await requestParsed(
          'POST',
          `${QUESTIONS_KEY}/${id}/answer`,
          request,
          (contracts) => contracts.AdminQuestionSchema,
        );
      } catch (failure) {
        const found = mayHaveBeenDone(failure, [409]) ? await findAnswered(id) : null;
        // Only this answer is told as sent: another admin's is refused with the server's words.
        if (found && found.answer?.trim() === request.body.trim()) return found;
        throw failure;
      }
    },
    // Both lists change: the question leaves the open ones and joins the answered ones.
    onSettled: () =>
      client.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith(QUESTIONS_KEY),
      }),
  });
}

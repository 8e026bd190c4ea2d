/**
 * `POST /api/consultations/:id/respond` (docs/behaviour/admin.md#api-calls, admin only): status, notes and
 * response. Answers the updated submission, which replaces the list's copy before the list is fetched again.
 * A change whose answer was lost (poor Wi-Fi, a 5xx) is looked for in the submissions read past the cache
 * and, when the submission now holds what was sent, told as made.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminConsultation, RespondConsultationRequest } from '@platform/contracts';
import { mayHaveBeenDone, readNow, requestParsed } from '@platform/ui';
import { CONSULTATIONS_QUERY_KEY } from './get-consultations';

/** `before`: the submission as the page showed it when pressed. */
export type RespondVariables = { id: string; request: RespondConsultationRequest; before: AdminConsultation };

export async function respondToConsultation({ id, request }: RespondVariables): Promise<AdminConsultation> {
  return requestParsed(
    'POST',
    `/api/consultations/${encodeURIComponent(id)}/respond`,
    request,
    (contracts) => contracts.AdminConsultationSchema,
  );
}

/** Whether `item` holds all the request sets (the server keeps the texts trimmed). */
export function holdsRequest(item: AdminConsultation, request: RespondConsultationRequest): boolean {
  const same = (kept: string | null, sent: string | undefined) =>
    sent === undefined || (kept ?? '').trim() === sent.trim();
  return (
    (request.status === undefined || item.status === request.status) &&
    same(item.adminNotes, request.adminNotes) &&
    same(item.consultationResponse, request.consultationResponse)
  );
}

/** The submission now, read past the cache, if it holds the request and did not before; null otherwise. */
async function findMade({ id, request, before }: RespondVariables): Promise<AdminConsultation | null> {
  if (holdsRequest(before, request)) return null;
  const list = await readNow(
    CONSULTATIONS_QUERY_KEY[0],
    (contracts) => contracts.AdminConsultationListSchema,
  );
  const now = list?.find((item) => item.id === id);
  return now && holdsRequest(now, request) ? now : null;
}

export function useRespondToConsultation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: RespondVariables): Promise<AdminConsultation> => {
      try {
        return await respondToConsultation(variables);
      } catch (failure) {
        const made = mayHaveBeenDone(failure) ? await findMade(variables) : null;
        if (made) return made;
        throw failure;
      }
    },
    onSuccess: (updated) => {
      queryClient.setQueryData<AdminConsultation[]>(CONSULTATIONS_QUERY_KEY, (list) =>
        list?.map((item) => (item.id === updated.id ? updated : item)),
      );
      void queryClient.invalidateQueries({ queryKey: CONSULTATIONS_QUERY_KEY });
    },
  });
}

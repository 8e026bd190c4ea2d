/**
 * `POST /api/consultations/:id/respond` (docs/behaviour/admin.md#api-calls, admin only): status, notes and
 * response. Answers the updated submission, which replaces the list's copy before the list is fetched again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminConsultation, RespondConsultationRequest } from '@platform/contracts';
import { requestParsed } from '@platform/ui';
import { CONSULTATIONS_QUERY_KEY } from './get-consultations';

export type RespondVariables = { id: string; request: RespondConsultationRequest };

export async function respondToConsultation({ id, request }: RespondVariables): Promise<AdminConsultation> {
  return requestParsed(
    'POST',
    `/api/consultations/${encodeURIComponent(id)}/respond`,
    request,
    (contracts) => contracts.AdminConsultationSchema,
  );
}

export function useRespondToConsultation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: respondToConsultation,
    onSuccess: (updated) => {
      queryClient.setQueryData<AdminConsultation[]>(CONSULTATIONS_QUERY_KEY, (list) =>
        list?.map((item) => (item.id === updated.id ? updated : item)),
      );
      void queryClient.invalidateQueries({ queryKey: CONSULTATIONS_QUERY_KEY });
    },
  });
}

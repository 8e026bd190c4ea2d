/**
 * `GET /api/my-consultations` (docs/behaviour/consultation-and-contact.md#api-calls): the signed-in user's
 * own submissions. A 401 reads as null, which the page turns into 'Session Expired'
 * (docs/behaviour/consultation-and-contact.md#my-consultations).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyConsultation } from '@platform/contracts';
import { parsedQueryFnOrNull } from '@platform/ui';

export type { MyConsultation };

export const MY_CONSULTATIONS_QUERY_KEY = ['/api/my-consultations'] as const;

export function myConsultationsQuery(enabled: boolean) {
  return queryOptions({
    queryKey: MY_CONSULTATIONS_QUERY_KEY,
    enabled,
    queryFn: parsedQueryFnOrNull((contracts) => contracts.MyConsultationListSchema),
  });
}

export function useMyConsultations(enabled: boolean) {
  return useQuery(myConsultationsQuery(enabled));
}

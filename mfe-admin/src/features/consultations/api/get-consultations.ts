/**
 * `GET /api/consultations` (docs/behaviour/admin.md#api-calls, admin only): every submission, newest first. A
 * 401 or 403 is an error here (docs/behaviour/admin.md#admin-access turns them into 'Unauthorized' and
 * 'Access Denied').
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminConsultation } from '@platform/contracts';
import { parsedQueryFn } from '@platform/ui';

export type { AdminConsultation };

export const CONSULTATIONS_QUERY_KEY = ['/api/consultations'] as const;

export function consultationsQuery() {
  return queryOptions({
    queryKey: CONSULTATIONS_QUERY_KEY,
    queryFn: parsedQueryFn((contracts) => contracts.AdminConsultationListSchema),
  });
}

export function useConsultations() {
  return useQuery(consultationsQuery());
}

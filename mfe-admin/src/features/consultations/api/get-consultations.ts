/**
 * `GET /api/consultations` (docs/behaviour/admin.md#api-calls, admin only): every submission, newest first. A
 * 401 or 403 is an error here (docs/behaviour/admin.md#admin-access turns them into 'Unauthorized' and
 * 'Access Denied').
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminConsultation } from '@platform/contracts';
import { getQueryFn } from '@platform/ui';

export type { AdminConsultation };

export const CONSULTATIONS_QUERY_KEY = ['/api/consultations'] as const;

const read = getQueryFn<unknown>({ on401: 'throw' });

export function consultationsQuery() {
  return queryOptions({
    queryKey: CONSULTATIONS_QUERY_KEY,
    queryFn: async (context): Promise<AdminConsultation[]> => {
      const [body, { AdminConsultationListSchema }] = await Promise.all([
        read(context),
        import('@platform/contracts'),
      ]);
      return AdminConsultationListSchema.parse(body);
    },
  });
}

export function useConsultations() {
  return useQuery(consultationsQuery());
}

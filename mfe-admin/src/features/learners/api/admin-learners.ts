/**
 * `GET /api/admin/learners` and the drip overrides `POST /api/admin/learners/:userId/unlock-all` and
 * `…/reset-progress` (docs/behaviour/admin.md#learners).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DripOverrideRequest } from '@platform/contracts';
import { apiRequest, parsedQueryFn } from '@platform/ui';

const LEARNERS_KEY = ['/api/admin/learners'] as const;

export function useAdminLearners() {
  return useQuery({
    queryKey: LEARNERS_KEY,
    queryFn: parsedQueryFn((contracts) => contracts.AdminLearnerListSchema),
  });
}

export type OverridePath = 'unlock-all' | 'reset-progress';

export function useDripOverride(userId: string, path: OverridePath) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (request: DripOverrideRequest) => {
      await apiRequest('POST', `/api/admin/learners/${userId}/${path}`, request);
    },
    onSettled: () => client.invalidateQueries({ queryKey: LEARNERS_KEY }),
  });
}

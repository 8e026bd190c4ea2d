/**
 * `GET /api/admin/learners` and the drip overrides `POST /api/admin/learners/:userId/unlock-all` and
 * `…/reset-progress` (docs/behaviour/admin.md#learners).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminLearnerList, DripOverrideRequest } from '@platform/contracts';
import { apiRequest, getQueryFn } from '@platform/ui';

const read = getQueryFn<unknown>({ on401: 'throw' });
const LEARNERS_KEY = ['/api/admin/learners'] as const;

export function useAdminLearners() {
  return useQuery({
    queryKey: LEARNERS_KEY,
    queryFn: async (context): Promise<AdminLearnerList> => {
      const [body, { AdminLearnerListSchema }] = await Promise.all([
        read(context),
        import('@platform/contracts'),
      ]);
      return AdminLearnerListSchema.parse(body);
    },
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

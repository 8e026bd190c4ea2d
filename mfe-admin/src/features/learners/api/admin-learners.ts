/**
 * `GET /api/admin/learners` and the drip overrides `POST /api/admin/learners/:userId/unlock-all` and
 * `…/reset-progress` (docs/behaviour/admin.md#learners).
 * A person's data on their request: the export's address and `DELETE /api/admin/users/:userId`.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DripOverrideRequest } from '@platform/contracts';
import { apiRequest, parsedQueryFn, requestParsed } from '@platform/ui';

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

/** The zip of everything kept about a person, for the admin on their request (written by the gateway). */
export const adminExportUrl = (userId: string) => `/api/admin/users/${userId}/export`;

/** `DELETE /api/admin/users/:userId`: the account deleted on the person's request; the server's message. */
export function useDeleteUser(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await requestParsed(
          'DELETE',
          `/api/admin/users/${userId}`,
          undefined,
          (contracts) => contracts.AccountActionResponseSchema,
        )
      ).message,
    onSettled: () => client.invalidateQueries({ queryKey: LEARNERS_KEY }),
  });
}

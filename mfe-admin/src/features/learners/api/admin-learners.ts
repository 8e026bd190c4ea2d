/**
 * `GET /api/admin/learners` and the drip overrides `POST /api/admin/learners/:userId/unlock-all` and
 * `…/reset-progress` (docs/behaviour/admin.md#learners).
 * A person's data on their request: the export's address and `DELETE /api/admin/users/:userId`.
 */
import type { DripOverrideRequest } from '@platform/contracts';
import { apiRequest, defineParsedQuery, requestParsed, useRefreshingMutation } from '@platform/ui';

const learners = defineParsedQuery(['/api/admin/learners'], (contracts) => contracts.AdminLearnerListSchema);
const refreshesLearners = { refreshes: [learners.queryKey] };

export const useAdminLearners = () => learners.use();

export type OverridePath = 'unlock-all' | 'reset-progress';

export function useDripOverride(userId: string, path: OverridePath) {
  return useRefreshingMutation(async (request: DripOverrideRequest) => {
    await apiRequest('POST', `/api/admin/learners/${userId}/${path}`, request);
  }, refreshesLearners);
}

/** The zip of everything kept about a person, for the admin on their request (written by the gateway). */
export const adminExportUrl = (userId: string) => `/api/admin/users/${userId}/export`;

/** `DELETE /api/admin/users/:userId`: the account deleted on the person's request; the server's message. */
export function useDeleteUser(userId: string) {
  return useRefreshingMutation(
    async () =>
      (
        await requestParsed(
          'DELETE',
          `/api/admin/users/${userId}`,
          undefined,
          (contracts) => contracts.AccountActionResponseSchema,
        )
      ).message,
    refreshesLearners,
  );
}

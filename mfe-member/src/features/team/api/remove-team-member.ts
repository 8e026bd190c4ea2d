/** `DELETE /api/team/members/:id` (docs/behaviour/member-learning.md#team): frees the seat. */
import { apiRequest, useRefreshingMutation } from '@platform/ui';
import { TEAM_QUERY_KEY } from './get-team';

export function useRemoveTeamMember() {
  return useRefreshingMutation(
    async (seatId: string): Promise<void> => {
      await apiRequest('DELETE', `/api/team/members/${seatId}`);
    },
    { refreshes: [TEAM_QUERY_KEY] },
  );
}

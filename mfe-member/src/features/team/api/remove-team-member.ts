/** `DELETE /api/team/members/:id` (docs/behaviour/member-learning.md#team): frees the seat. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@platform/ui';
import { TEAM_QUERY_KEY } from './get-team';

export function useRemoveTeamMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (seatId: string): Promise<void> => {
      await apiRequest('DELETE', `/api/team/members/${seatId}`);
    },
    onSettled: () => client.invalidateQueries({ queryKey: TEAM_QUERY_KEY }),
  });
}

/** `POST /api/team/invitations` (docs/behaviour/member-learning.md#team): one seat for one e-mail address. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamInvitationRequest, TeamMember } from '@platform/contracts';
import { apiRequest } from '@platform/ui';
import { TEAM_QUERY_KEY } from './get-team';

export function useInviteTeamMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (request: TeamInvitationRequest): Promise<TeamMember> => {
      const response = await apiRequest('POST', '/api/team/invitations', request);
      const { TeamMemberSchema } = await import('@platform/contracts');
      return TeamMemberSchema.parse(await response.json());
    },
    onSettled: () => client.invalidateQueries({ queryKey: TEAM_QUERY_KEY }),
  });
}

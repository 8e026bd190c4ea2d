/** `POST /api/team/invitations` (docs/behaviour/member-learning.md#team): one seat for one e-mail address. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamInvitationRequest, TeamMember } from '@platform/contracts';
import { requestParsed } from '@platform/ui';
import { TEAM_QUERY_KEY } from './get-team';

export function useInviteTeamMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: TeamInvitationRequest): Promise<TeamMember> =>
      requestParsed('POST', '/api/team/invitations', request, (contracts) => contracts.TeamMemberSchema),
    onSettled: () => client.invalidateQueries({ queryKey: TEAM_QUERY_KEY }),
  });
}

/** `POST /api/team/invitations` (docs/behaviour/member-learning.md#team): one seat for one e-mail address. */
import type { TeamInvitationRequest, TeamMember } from '@platform/contracts';
import { requestParsed, useRefreshingMutation } from '@platform/ui';
import { TEAM_QUERY_KEY } from './get-team';

export function useInviteTeamMember() {
  return useRefreshingMutation(
    (request: TeamInvitationRequest): Promise<TeamMember> =>
      requestParsed('POST', '/api/team/invitations', request, (contracts) => contracts.TeamMemberSchema),
    { refreshes: [TEAM_QUERY_KEY] },
  );
}

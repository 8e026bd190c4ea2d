/** `course.team.member-invited` → the invitee's account is found or created, once per event. */
import { defineSubscription } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { AuthConfig } from '../config.js';
import { prepareTeamMember } from '../membership/prepare-team-member.js';

export function teamMemberInvitedSubscription(deps: ServiceDeps<AuthConfig>) {
  return defineSubscription({
    subject: 'course.team.member-invited',
    handler: async (event, { tx, logger }) => {
      await prepareTeamMember(deps, { tx, event, logger });
    },
  });
}

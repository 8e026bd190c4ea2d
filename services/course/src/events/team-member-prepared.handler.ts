/** `auth.team-member.prepared` → the staff seat enrols its member, once per event. */
import { defineSubscription } from '@platform/service-kit/events';
import { joinSeat } from '../team/team.service.js';

export function teamMemberPreparedSubscription() {
  return defineSubscription({
    subject: 'auth.team-member.prepared',
    handler: async (event, { tx, logger }) => {
      await joinSeat(tx, event.data, logger);
    },
  });
}

/** `auth.member.granted` → enrol the member in the order's courses, once per event. */
import { defineSubscription } from '@platform/service-kit/events';
import { enrolMember } from '../enrolments/enrol-member.js';

export function memberGrantedSubscription() {
  return defineSubscription({
    subject: 'auth.member.granted',
    handler: async (event, { tx, logger }) => {
      await enrolMember(tx, event.data, logger);
    },
  });
}

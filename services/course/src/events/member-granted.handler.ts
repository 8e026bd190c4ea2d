/** `auth.member.granted` → enrol the member in the order's courses, once per event. */
import { defineSubscription } from '@platform/service-kit/events';
import { upsertLearnerName } from '../certificates/certificates.repository.js';
import { enrolMember } from '../enrolments/enrol-member.js';

export function memberGrantedSubscription() {
  return defineSubscription({
    subject: 'auth.member.granted',
    handler: async (event, { tx, logger }) => {
      const { userId, email, firstName, lastName, grantedAt } = event.data;
      await upsertLearnerName(tx, { userId, email, firstName, lastName, at: new Date(grantedAt) });
      await enrolMember(tx, event.data, logger);
    },
  });
}

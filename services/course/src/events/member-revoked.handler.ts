/** `auth.member.revoked` → withdraw what the refunded order enrolled, once per event. */
import { defineSubscription } from '@platform/service-kit/events';
import { withdrawEnrolments } from '../enrolments/withdraw-enrolments.js';

export function memberRevokedSubscription() {
  return defineSubscription({
    subject: 'auth.member.revoked',
    handler: async (event, { tx, logger }) => {
      await withdrawEnrolments(tx, event.data, logger);
    },
  });
}

/**
 * The names auth announces (sign-up, purchase, status changes) → `course.learner_names`, the name a
 * certificate is issued to (docs/behaviour/member-learning.md#certificates).
 */
import { defineSubscription } from '@platform/service-kit/events';
import { upsertLearnerName } from './certificates.repository.js';

export function userRegisteredSubscription() {
  return defineSubscription({
    subject: 'auth.user.registered',
    handler: async (event, { tx }) => {
      const { userId, email, firstName, lastName } = event.data;
      await upsertLearnerName(tx, { userId, email, firstName, lastName, at: new Date(event.occurredAt) });
    },
  });
}

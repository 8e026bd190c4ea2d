/**
 * `auth.member.revoked` → withdraw what the refunded order enrolled, once per event; an owner left with no
 * course of their own loses their staff seats too (docs/behaviour/member-learning.md#team).
 */
import { defineSubscription } from '@platform/service-kit/events';
import { withdrawEnrolments } from '../enrolments/withdraw-enrolments.js';
import { endSeatsWithoutOwnerAccess } from '../team/team.service.js';

export function memberRevokedSubscription() {
  return defineSubscription({
    subject: 'auth.member.revoked',
    handler: async (event, { tx, logger }) => {
      await withdrawEnrolments(tx, event.data, logger);
      // Even when a seat keeps their course open, the owner's own access may be gone.
      await endSeatsWithoutOwnerAccess(tx, event.data.userId, new Date(event.data.revokedAt), logger);
    },
  });
}

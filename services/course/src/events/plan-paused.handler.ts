/**
 * `payment.plan.paused` / `payment.plan.resumed` → the plan's courses pause and open again, once per event.
 * A pause that leaves the owner without a course of their own ends their staff seats, as a refund does; the
 * resumption opens the owner's courses only, and the owner invites their staff again
 * (docs/behaviour/member-learning.md#team).
 */
import { defineSubscription } from '@platform/service-kit/events';
import { pauseEnrolments, resumeEnrolments } from '../enrolments/pause-enrolments.js';
import { endSeatsWithoutOwnerAccess } from '../team/team.service.js';

export function planPausedSubscription() {
  return defineSubscription({
    subject: 'payment.plan.paused',
    handler: async (event, { tx, logger }) => {
      const paused = await pauseEnrolments(tx, event.data, logger);
      if (paused.length > 0) {
        await endSeatsWithoutOwnerAccess(tx, event.data.userId, new Date(event.data.pausedAt), logger);
      }
    },
  });
}

export function planResumedSubscription() {
  return defineSubscription({
    subject: 'payment.plan.resumed',
    handler: async (event, { tx, logger }) => {
      await resumeEnrolments(tx, event.data, logger);
    },
  });
}

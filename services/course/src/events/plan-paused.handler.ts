/** `payment.plan.paused` / `payment.plan.resumed` → the plan's courses pause and open again, once per event. */
import { defineSubscription } from '@platform/service-kit/events';
import { pauseEnrolments, resumeEnrolments } from '../enrolments/pause-enrolments.js';

export function planPausedSubscription() {
  return defineSubscription({
    subject: 'payment.plan.paused',
    handler: async (event, { tx, logger }) => {
      await pauseEnrolments(tx, event.data, logger);
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

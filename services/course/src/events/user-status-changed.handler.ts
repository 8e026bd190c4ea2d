/**
 * `auth.user.status-changed` → the course service's projection of the user's plan and consultation
 * status (the rs_pending rule of drip release). The highest
 * `sequence` wins (auth numbers each user's changes), so redeliveries, out-of-order arrivals and changes
 * that share a `changedAt` leave the newest state; an event without a sequence (sent before auth numbered
 * them) wins only with a strictly newer `changedAt` (`upsertPlanStatus` says why that is safe).
 */
import { defineSubscription } from '@platform/service-kit/events';
import { upsertLearnerName } from '../certificates/certificates.repository.js';
import { upsertPlanStatus } from '../learning/learning.repository.js';

export function userStatusChangedSubscription() {
  return defineSubscription({
    subject: 'auth.user.status-changed',
    handler: async (event, { tx, logger }) => {
      const { userId, planStatus, consultationStatus, changedAt, sequence, email, firstName, lastName } =
        event.data;
      if (firstName !== undefined) {
        await upsertLearnerName(tx, { userId, email, firstName, lastName, at: new Date(changedAt) });
      }
      await upsertPlanStatus(tx, {
        userId,
        planStatus,
        consultationStatus,
        changedAt: new Date(changedAt),
        ...(sequence !== undefined && { sequence }),
      });
      logger.info({ userId, planStatus, consultationStatus, sequence }, 'plan status projected');
    },
  });
}

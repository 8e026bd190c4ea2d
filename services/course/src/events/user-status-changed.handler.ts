/**
 * `auth.user.status-changed` → the course service's projection of the user's plan and consultation
 * status (the rs_pending and rs_blocked rules of drip release, with when a block began). The newest
 * `changedAt` wins, so redeliveries and out-of-order arrivals leave the newest state.
 */
import { defineSubscription } from '@platform/service-kit';
import { upsertPlanStatus } from '../learning/learning.repository.js';

export function userStatusChangedSubscription() {
  return defineSubscription({
    subject: 'auth.user.status-changed',
    handler: async (event, { tx, logger }) => {
      const { userId, planStatus, consultationStatus, changedAt } = event.data;
      await upsertPlanStatus(tx, { userId, planStatus, consultationStatus, changedAt: new Date(changedAt) });
      logger.info({ userId, planStatus, consultationStatus }, 'plan status projected');
    },
  });
}

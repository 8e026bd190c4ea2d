/**
 * `revenue.customer.status-changed` → the course service's projection of the owner's standing in the
 * ledger (the block rule of drip release, with when a block began). The highest `sequence` wins, so
 * redeliveries and out-of-order arrivals leave the newest standing.
 */
import { defineSubscription } from '@platform/service-kit/events';
import { upsertOwnerStanding } from '../learning/learning.repository.js';

export function customerStatusChangedSubscription() {
  return defineSubscription({
    subject: 'revenue.customer.status-changed',
    handler: async (event, { tx, logger }) => {
      const { userId, status, sequence, changedAt } = event.data;
      await upsertOwnerStanding(tx, { userId, status, sequence, changedAt: new Date(changedAt) });
      logger.info({ userId, status, sequence }, 'owner standing projected');
    },
  });
}

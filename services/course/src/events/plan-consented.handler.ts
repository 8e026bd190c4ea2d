/** `revenue.plan.consented` → enrol the owner in the programme's course, once per event. */
import { defineSubscription } from '@platform/service-kit/events';
import { enrolRevenueShareOwner } from '../enrolments/enrol-revenue-share-owner.js';

export function planConsentedSubscription() {
  return defineSubscription({
    subject: 'revenue.plan.consented',
    handler: async (event, { tx, logger }) => {
      await enrolRevenueShareOwner(tx, event.data, logger);
    },
  });
}

/**
 * The membership projection behind the admin's subscriber stats (memberships/membership-projection.ts):
 * the catalogue (which products are plans), paid orders, refunds and ended subscriptions, once per event.
 */
import { defineSubscription } from '@platform/service-kit/events';
import {
  applyCatalogue,
  recordEndedSubscription,
  recordPaidOrder,
  recordRefundedOrder,
} from '../memberships/membership-projection.js';

export function membershipSubscriptions() {
  return [
    defineSubscription({
      subject: 'course.catalogue.published',
      handler: async (event, { tx, logger }) => {
        const applied = await applyCatalogue(tx, event.data);
        logger.debug({ applied }, 'catalogue projected for the membership stats');
      },
    }),
    defineSubscription({
      subject: 'payment.order.paid',
      handler: async (event, { tx }) => recordPaidOrder(tx, event.data),
    }),
    defineSubscription({
      subject: 'payment.order.refunded',
      handler: async (event, { tx }) => recordRefundedOrder(tx, event.data),
    }),
    defineSubscription({
      subject: 'payment.subscription.ended',
      handler: async (event, { tx }) => recordEndedSubscription(tx, event.data),
    }),
  ];
}

/** `payment.order.paid` → queue the buyer's receipt, once per event. */
import { defineSubscription } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { NotificationConfig } from '../config.js';
import { insertMessage } from '../messages/messages.repository.js';
import { RECEIPT_TEMPLATE, renderReceiptEmail } from '../templates/receipt.js';
import { templateSettings } from '../templates/settings.js';

export function orderPaidSubscription(deps: ServiceDeps<NotificationConfig>) {
  return defineSubscription({
    subject: 'payment.order.paid',
    handler: async (event, { tx }) => {
      const email = renderReceiptEmail({ order: event.data, settings: templateSettings(deps.config) });
      await insertMessage(tx, {
        to: event.data.email,
        ...email,
        template: RECEIPT_TEMPLATE,
        eventId: event.id,
        now: deps.clock.now(),
      });
    },
  });
}

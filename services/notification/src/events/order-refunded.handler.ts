/** `payment.order.refunded` → queue the refund e-mail, once per event. */
import { defineSubscription } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { NotificationConfig } from '../config.js';
import { insertMessage } from '../messages/messages.repository.js';
import { REFUND_TEMPLATE, renderRefundEmail } from '../templates/refund.js';
import { templateSettings } from '../templates/settings.js';

export function orderRefundedSubscription(deps: ServiceDeps<NotificationConfig>) {
  return defineSubscription({
    subject: 'payment.order.refunded',
    handler: async (event, { tx }) => {
      const email = renderRefundEmail({ refund: event.data, settings: templateSettings(deps.config) });
      await insertMessage(tx, {
        to: event.data.email,
        ...email,
        template: REFUND_TEMPLATE,
        eventId: event.id,
        now: deps.clock.now(),
      });
    },
  });
}

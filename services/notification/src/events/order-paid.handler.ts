/**
 * `payment.order.paid` → queue the buyer's receipt, with its invoice attached, once per event;
 * `payment.receipt.requested` (the admin asked for it again) → the same receipt, once per event.
 */
import { defineSubscription } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { NotificationConfig } from '../config.js';
import { insertMessage } from '../messages/messages.repository.js';
import { RECEIPT_TEMPLATE, receiptAttachments, renderReceiptEmail } from '../templates/receipt.js';
import { templateSettings } from '../templates/settings.js';

function receiptSubscription(
  deps: ServiceDeps<NotificationConfig>,
  subject: 'payment.order.paid' | 'payment.receipt.requested',
) {
  return defineSubscription({
    subject,
    handler: async (event, { tx }) => {
      const email = renderReceiptEmail({ order: event.data, settings: templateSettings(deps.config) });
      await insertMessage(tx, {
        to: event.data.email,
        ...email,
        attachments: receiptAttachments(event.data),
        template: RECEIPT_TEMPLATE,
        eventId: event.id,
        userId: event.data.placedByUserId ?? null,
        now: deps.clock.now(),
      });
    },
  });
}

export function orderPaidSubscriptions(deps: ServiceDeps<NotificationConfig>) {
  return [
    receiptSubscription(deps, 'payment.order.paid'),
    receiptSubscription(deps, 'payment.receipt.requested'),
  ];
}

/**
 * The events that each send one e-mail to the address they name, once per event: `auth.user.registered`
 * → the welcome; `payment.order.refunded` → the refund notice; `revenue.reminder.requested` → the owner's
 * reminder (the revenue service decides how often a reminder is asked for; docs/decisions.md, 26).
 */
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { NotificationConfig } from '../config.js';
import { REFUND_TEMPLATE, renderRefundEmail } from '../templates/refund.js';
import { REVENUE_REMINDER_TEMPLATE, renderRevenueReminderEmail } from '../templates/revenue-share.js';
import { renderWelcomeEmail, WELCOME_TEMPLATE } from '../templates/welcome.js';
import { ownerMailSubscriptions } from './owner-and-support-mail.js';

export function oneMailSubscriptions(deps: ServiceDeps<NotificationConfig>) {
  return ownerMailSubscriptions(deps, {
    'auth.user.registered': {
      template: WELCOME_TEMPLATE,
      render: ({ firstName, settings }) => renderWelcomeEmail({ firstName, settings }),
    },
    'payment.order.refunded': {
      template: REFUND_TEMPLATE,
      render: ({ settings, ...refund }) => renderRefundEmail({ refund, settings }),
    },
    'revenue.reminder.requested': {
      template: REVENUE_REMINDER_TEMPLATE,
      render: ({ settings, ...reminder }) => renderRevenueReminderEmail({ reminder, settings }),
    },
  });
}

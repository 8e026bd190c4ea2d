/**
 * `revenue.reminder.requested` → the owner's reminder e-mail, once per event (the revenue service decides
 * how often a reminder is asked for; docs/decisions.md, 26).
 */
import { defineSubscription } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { NotificationConfig } from '../config.js';
import { insertMessage } from '../messages/messages.repository.js';
import { REVENUE_REMINDER_TEMPLATE, renderRevenueReminderEmail } from '../templates/revenue-share.js';
import { templateSettings } from '../templates/settings.js';

export function revenueReminderSubscription(deps: ServiceDeps<NotificationConfig>) {
  return defineSubscription({
    subject: 'revenue.reminder.requested',
    handler: async (event, { tx }) => {
      const email = renderRevenueReminderEmail({
        reminder: event.data,
        settings: templateSettings(deps.config),
      });
      await insertMessage(tx, {
        to: event.data.email,
        ...email,
        template: REVENUE_REMINDER_TEMPLATE,
        eventId: event.id,
        now: deps.clock.now(),
      });
    },
  });
}

/**
 * `revenue.report.dispute-changed` → the owner's e-mail and the support inbox's notice, once per event each
 * (docs/behaviour/revenue-share.md#disputes). Without a support inbox the notice is skipped, loudly: the
 * admin's ledger still shows the dispute.
 */
import { defineSubscription } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { NotificationConfig } from '../config.js';
import { insertMessage } from '../messages/messages.repository.js';
import {
  REVENUE_DISPUTE_ADMIN_TEMPLATE,
  REVENUE_DISPUTE_TEMPLATE,
  renderRevenueDisputeAdminEmail,
  renderRevenueDisputeEmail,
} from '../templates/revenue-disputes.js';
import { templateSettings } from '../templates/settings.js';
import { supportInbox } from './consultation-mail.handler.js';

export function revenueDisputeSubscription(deps: ServiceDeps<NotificationConfig>) {
  return defineSubscription({
    subject: 'revenue.report.dispute-changed',
    handler: async (event, { tx, logger }) => {
      const input = { dispute: event.data, settings: templateSettings(deps.config) };
      const now = deps.clock.now();
      await insertMessage(tx, {
        to: event.data.email,
        ...renderRevenueDisputeEmail(input),
        template: REVENUE_DISPUTE_TEMPLATE,
        eventId: event.id,
        now,
      });
      const inbox = supportInbox(deps.config);
      if (!inbox) {
        logger.warn(
          { what: 'revenue dispute' },
          'no SUPPORT_EMAIL or ADMIN_EMAIL: the support notice is not e-mailed',
        );
        return;
      }
      await insertMessage(tx, {
        to: inbox,
        ...renderRevenueDisputeAdminEmail(input),
        template: REVENUE_DISPUTE_ADMIN_TEMPLATE,
        eventId: event.id,
        now,
      });
    },
  });
}

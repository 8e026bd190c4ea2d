/** `revenue.agreement.issued` → 'Your Premium Success agreement' with its PDF attached, once per event. */
import { defineSubscription } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { NotificationConfig } from '../config.js';
import { insertMessage } from '../messages/messages.repository.js';
import {
  agreementAttachments,
  renderAgreementEmail,
  REVENUE_AGREEMENT_TEMPLATE,
} from '../templates/revenue-agreement.js';
import { templateSettings } from '../templates/settings.js';

export function revenueAgreementSubscription(deps: ServiceDeps<NotificationConfig>) {
  return defineSubscription({
    subject: 'revenue.agreement.issued',
    handler: async (event, { tx }) => {
      await insertMessage(tx, {
        to: event.data.email,
        ...renderAgreementEmail({ agreement: event.data, settings: templateSettings(deps.config) }),
        attachments: agreementAttachments(event.data),
        template: REVENUE_AGREEMENT_TEMPLATE,
        eventId: event.id,
        userId: event.data.userId,
        now: deps.clock.now(),
      });
    },
  });
}

/** `auth.email-change.requested` → queue the "Confirm your new email address" e-mail, once per event. */
import { defineSubscription } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { NotificationConfig } from '../config.js';
import { insertMessage } from '../messages/messages.repository.js';
import { CONFIRM_EMAIL_TEMPLATE, renderConfirmEmail } from '../templates/confirm-email.js';
import { templateSettings } from '../templates/settings.js';

export function emailChangeRequestedSubscription(deps: ServiceDeps<NotificationConfig>) {
  return defineSubscription({
    subject: 'auth.email-change.requested',
    handler: async (event, { tx, logger }) => {
      const now = deps.clock.now();
      const validForMs = new Date(event.data.expiresAt).getTime() - now.getTime();
      if (validForMs <= 0) {
        logger.warn({ userId: event.data.userId }, 'e-mail change link expired before it could be e-mailed');
        return;
      }
      const email = renderConfirmEmail({
        ...event.data,
        validForMs,
        settings: templateSettings(deps.config),
      });
      await insertMessage(tx, {
        to: event.data.newEmail,
        ...email,
        template: CONFIRM_EMAIL_TEMPLATE,
        eventId: event.id,
        now,
      });
    },
  });
}

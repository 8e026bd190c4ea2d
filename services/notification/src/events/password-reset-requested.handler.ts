/** `auth.password-reset.requested` → queue the "Set your password" e-mail, once per event. */
import { defineSubscription } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { NotificationConfig } from '../config.js';
import { insertMessage } from '../messages/messages.repository.js';
import { renderSetPasswordEmail, SET_PASSWORD_TEMPLATE } from '../templates/set-password.js';
import { templateSettings } from '../templates/settings.js';

export function passwordResetRequestedSubscription(deps: ServiceDeps<NotificationConfig>) {
  return defineSubscription({
    subject: 'auth.password-reset.requested',
    handler: async (event, { tx, logger }) => {
      const now = deps.clock.now();
      const validForMs = new Date(event.data.expiresAt).getTime() - now.getTime();
      if (validForMs <= 0) {
        // Arrived after its link expired (the service was down): a dead link would only confuse.
        logger.warn({ userId: event.data.userId }, 'set-password link expired before it could be e-mailed');
        return;
      }
      const email = renderSetPasswordEmail({
        email: event.data.email,
        firstName: event.data.firstName,
        token: event.data.token,
        validForMs,
        settings: templateSettings(deps.config),
      });
      await insertMessage(tx, {
        to: event.data.email,
        ...email,
        template: SET_PASSWORD_TEMPLATE,
        eventId: event.id,
        now,
      });
    },
  });
}

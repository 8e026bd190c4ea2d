/** `auth.user.registered` → queue the welcome e-mail, once per event. */
import { defineSubscription } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { NotificationConfig } from '../config.js';
import { insertMessage } from '../messages/messages.repository.js';
import { templateSettings } from '../templates/settings.js';
import { renderWelcomeEmail, WELCOME_TEMPLATE } from '../templates/welcome.js';

export function userRegisteredSubscription(deps: ServiceDeps<NotificationConfig>) {
  return defineSubscription({
    subject: 'auth.user.registered',
    handler: async (event, { tx }) => {
      const email = renderWelcomeEmail({
        firstName: event.data.firstName,
        settings: templateSettings(deps.config),
      });
      await insertMessage(tx, {
        to: event.data.email,
        ...email,
        template: WELCOME_TEMPLATE,
        eventId: event.id,
        now: deps.clock.now(),
      });
    },
  });
}

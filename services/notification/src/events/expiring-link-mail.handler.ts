/**
 * The e-mails that carry a single-use link, once per event: `auth.password-reset.requested` → "Set your
 * password"; `auth.email-change.requested` → "Confirm your new email address" (to the new address). An
 * event that arrives after its link expired (the service was down) sends nothing: a dead link would only
 * confuse, and so does one whose link expires before the mail server takes it (delivery-worker.ts).
 */
import type { EventData, EventType } from '@platform/contracts';
import { defineSubscription } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { NotificationConfig } from '../config.js';
import { insertMessage } from '../messages/messages.repository.js';
import type { RenderedEmail, TemplateSettings } from '../templates/layout.js';
import { CONFIRM_EMAIL_TEMPLATE, renderConfirmEmail } from '../templates/confirm-email.js';
import { renderSetPasswordEmail, SET_PASSWORD_TEMPLATE } from '../templates/set-password.js';
import { templateSettings } from '../templates/settings.js';

type LinkEvent = { userId: string; expiresAt: string };

function expiringLinkMailSubscription<T extends EventType>(
  deps: ServiceDeps<NotificationConfig>,
  subject: T,
  mail: {
    template: string;
    /** The address the link goes to. */
    to: (data: EventData<T>) => string;
    render: (input: EventData<T> & { settings: TemplateSettings }) => RenderedEmail;
    /** The link's name in the warning when it expired first. */
    link: string;
  },
) {
  return defineSubscription({
    subject,
    handler: async (event, { tx, logger }) => {
      const data = event.data as EventData<T> & LinkEvent;
      const now = deps.clock.now();
      if (new Date(data.expiresAt).getTime() <= now.getTime()) {
        logger.warn({ userId: data.userId }, `${mail.link} link expired before it could be e-mailed`);
        return;
      }
      const email = mail.render({ ...data, settings: templateSettings(deps.config) });
      await insertMessage(tx, {
        to: mail.to(data),
        ...email,
        template: mail.template,
        eventId: event.id,
        userId: data.userId,
        now,
        linkExpiresAt: data.expiresAt,
      });
    },
  });
}

export function expiringLinkMailSubscriptions(deps: ServiceDeps<NotificationConfig>) {
  return [
    expiringLinkMailSubscription(deps, 'auth.password-reset.requested', {
      template: SET_PASSWORD_TEMPLATE,
      to: (data) => data.email,
      render: renderSetPasswordEmail,
      link: 'set-password',
    }),
    expiringLinkMailSubscription(deps, 'auth.email-change.requested', {
      template: CONFIRM_EMAIL_TEMPLATE,
      to: (data) => data.newEmail,
      render: renderConfirmEmail,
      link: 'e-mail change',
    }),
  ];
}

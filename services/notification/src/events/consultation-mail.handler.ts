/**
 * The consultation's and the contact page's e-mails, once per event
 * (docs/behaviour/consultation-and-contact.md#e-mails; docs/decisions.md, 15, 22): a completed request → the
 * owner's confirmation with the add-files link, and a notice to the support inbox; the admin's response → the
 * owner; 'Continue Later' → the owner's link back to step 2; a look-up by address → the add-files link to that
 * address; a message in a consultation's thread → the other side (docs/decisions.md, 97); a call booked or
 * cancelled → an `.ics` invitation or its cancellation to the owner and support (docs/decisions.md, 108); a
 * contact message → the support inbox.
 * Without a support inbox (SUPPORT_EMAIL or ADMIN_EMAIL) the notices are skipped, loudly: the admin page
 * still lists every request.
 */
import type { Transaction } from '@platform/service-kit/db';
import { defineSubscription } from '@platform/service-kit/events';
import type { Logger } from '@platform/service-kit/logger';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { NotificationConfig } from '../config.js';
import { insertMessage } from '../messages/messages.repository.js';
import {
  CONSULTATION_ADD_FILES_LINK_TEMPLATE,
  CONSULTATION_CONTINUE_LINK_TEMPLATE,
  CONSULTATION_MESSAGE_TO_OWNER_TEMPLATE,
  CONSULTATION_MESSAGE_TO_SUPPORT_TEMPLATE,
  CONSULTATION_NEW_REQUEST_TEMPLATE,
  CONSULTATION_RECEIVED_TEMPLATE,
  CONSULTATION_RESPONSE_TEMPLATE,
  CONTACT_MESSAGE_TEMPLATE,
  renderConsultationAddFilesLinkEmail,
  renderConsultationContinueLinkEmail,
  renderConsultationMessageEmail,
  renderConsultationNewRequestEmail,
  renderConsultationReceivedEmail,
  renderConsultationResponseEmail,
  renderContactMessageEmail,
} from '../templates/consultation.js';
import {
  CONSULTATION_CALL_BOOKED_OWNER_TEMPLATE,
  CONSULTATION_CALL_BOOKED_SUPPORT_TEMPLATE,
  CONSULTATION_CALL_CANCELLED_OWNER_TEMPLATE,
  CONSULTATION_CALL_CANCELLED_SUPPORT_TEMPLATE,
  callCalendar,
  renderCallEmail,
} from '../templates/consultation-call.js';
import type { MailCalendar } from '../db/schema.js';
import type { RenderedEmail } from '../templates/layout.js';
import { templateSettings } from '../templates/settings.js';
import { ownerMailSubscriptions, supportInbox } from './owner-and-support-mail.js';

/** 'Name <box@host>' → 'box@host'. */
function addressOf(mailbox: string): string {
  return /<([^>]+)>/.exec(mailbox)?.[1] ?? mailbox.trim();
}

export function consultationMailSubscriptions(deps: ServiceDeps<NotificationConfig>) {
  const settings = templateSettings(deps.config);
  async function queue(
    tx: Transaction,
    message: RenderedEmail & {
      to: string;
      template: string;
      eventId: string;
      /** The submission's account, when it has one: nothing is queued about an erased account. */
      userId?: string | null;
      calendar?: MailCalendar;
      linkExpiresAt?: string;
    },
  ): Promise<void> {
    await insertMessage(tx, { ...message, now: deps.clock.now() });
  }
  function inboxOr(logger: Logger, what: string): string | undefined {
    const inbox = supportInbox(deps.config);
    if (!inbox) logger.warn({ what }, 'no SUPPORT_EMAIL or ADMIN_EMAIL: the support notice is not e-mailed');
    return inbox;
  }

  /** The links that still work now; none (the mail is then not sent) is said, as `expired`. */
  function stillWorking<T extends { expiresAt: string }>(links: T[], logger: Logger, expired: string): T[] {
    const now = deps.clock.now().getTime();
    const working = links.filter((link) => new Date(link.expiresAt).getTime() > now);
    if (working.length === 0) logger.warn(expired);
    return working;
  }

  /** The address a call's invitation comes from: the support inbox, else the sender's. */
  const organizer = supportInbox(deps.config) ?? addressOf(deps.config.MAIL_FROM);
  const callMail = (change: 'booked' | 'cancelled', templates: { owner: string; support: string }) =>
    defineSubscription({
      subject: change === 'booked' ? 'consultation.call.booked' : 'consultation.call.cancelled',
      handler: async (event, { tx, logger }) => {
        const input = { call: event.data, change, organizer, settings };
        const calendar = callCalendar(input);
        await queue(tx, {
          to: event.data.email,
          template: templates.owner,
          eventId: event.id,
          calendar,
          ...renderCallEmail({ ...input, audience: 'owner' }),
        });
        const inbox = inboxOr(logger, `consultation call ${change}`);
        if (inbox) {
          await queue(tx, {
            to: inbox,
            template: templates.support,
            eventId: event.id,
            calendar,
            ...renderCallEmail({ ...input, audience: 'support' }),
          });
        }
      },
    });

  return [
    callMail('booked', {
      owner: CONSULTATION_CALL_BOOKED_OWNER_TEMPLATE,
      support: CONSULTATION_CALL_BOOKED_SUPPORT_TEMPLATE,
    }),
    callMail('cancelled', {
      owner: CONSULTATION_CALL_CANCELLED_OWNER_TEMPLATE,
      support: CONSULTATION_CALL_CANCELLED_SUPPORT_TEMPLATE,
    }),
    defineSubscription({
      subject: 'consultation.submission.completed',
      handler: async (event, { tx, logger }) => {
        const { data } = event;
        await queue(tx, {
          to: data.email,
          template: CONSULTATION_RECEIVED_TEMPLATE,
          eventId: event.id,
          userId: data.userId,
          ...renderConsultationReceivedEmail({ ...data, settings }),
        });
        const inbox = inboxOr(logger, 'new consultation request');
        if (inbox) {
          await queue(tx, {
            to: inbox,
            template: CONSULTATION_NEW_REQUEST_TEMPLATE,
            eventId: event.id,
            userId: data.userId,
            ...renderConsultationNewRequestEmail({ ...data, settings }),
          });
        }
      },
    }),
    ...ownerMailSubscriptions(deps, {
      'consultation.submission.responded': {
        template: CONSULTATION_RESPONSE_TEMPLATE,
        render: renderConsultationResponseEmail,
      },
    }),
    defineSubscription({
      subject: 'consultation.continue-link.requested',
      handler: async (event, { tx, logger }) => {
        const expired = 'a continue-later link expired before it could be e-mailed';
        if (stillWorking([event.data], logger, expired).length === 0) return;
        await queue(tx, {
          to: event.data.email,
          template: CONSULTATION_CONTINUE_LINK_TEMPLATE,
          eventId: event.id,
          linkExpiresAt: event.data.expiresAt,
          ...renderConsultationContinueLinkEmail({ ...event.data, settings }),
        });
      },
    }),
    defineSubscription({
      subject: 'consultation.lookup.requested',
      handler: async (event, { tx, logger }) => {
        const expired = 'add-files links expired before they could be e-mailed';
        const links = stillWorking(event.data.links, logger, expired);
        if (links.length === 0) return;
        await queue(tx, {
          to: event.data.email,
          template: CONSULTATION_ADD_FILES_LINK_TEMPLATE,
          eventId: event.id,
          // Worth sending while any of its links works.
          linkExpiresAt: links
            .map((link) => link.expiresAt)
            .reduce((a, b) => (Date.parse(a) > Date.parse(b) ? a : b)),
          ...renderConsultationAddFilesLinkEmail({ links, settings }),
        });
      },
    }),
    defineSubscription({
      subject: 'consultation.message.posted',
      handler: async (event, { tx, logger }) => {
        const { data } = event;
        const to = data.author === 'admin' ? data.email : inboxOr(logger, 'consultation message');
        if (!to) return;
        await queue(tx, {
          to,
          template:
            data.author === 'admin'
              ? CONSULTATION_MESSAGE_TO_OWNER_TEMPLATE
              : CONSULTATION_MESSAGE_TO_SUPPORT_TEMPLATE,
          eventId: event.id,
          ...renderConsultationMessageEmail({ ...data, settings }),
        });
      },
    }),
    defineSubscription({
      subject: 'contact.message.received',
      handler: async (event, { tx, logger }) => {
        const inbox = inboxOr(logger, 'contact message');
        if (!inbox) return;
        await queue(tx, {
          to: inbox,
          template: CONTACT_MESSAGE_TEMPLATE,
          eventId: event.id,
          ...renderContactMessageEmail({ ...event.data, settings }),
        });
      },
    }),
  ];
}

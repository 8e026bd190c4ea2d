/**
 * E-mails that follow from one event, once per event each: the one to the address the event names
 * (`ownerMailSubscriptions`), or that one and the support inbox's notice (`ownerAndSupportMailSubscription`).
 * Without a support inbox the notice is skipped, loudly (the admin's pages still show what happened).
 */
import type { EventData, EventType } from '@platform/contracts';
import { defineSubscription } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { NotificationConfig } from '../config.js';
import type { MailAttachment } from '../db/schema.js';
import { insertMessage } from '../messages/messages.repository.js';
import type { RenderedEmail, TemplateSettings } from '../templates/layout.js';
import { templateSettings } from '../templates/settings.js';

/** Where requests and contact messages for the support admin go. */
export function supportInbox(config: NotificationConfig): string | undefined {
  return config.SUPPORT_EMAIL ?? config.ADMIN_EMAIL;
}

type Render<T extends EventType> = (data: EventData<T>, settings: TemplateSettings) => RenderedEmail;

/** The account an event is about, when it names one. */
function userIdOf(data: object): string | null {
  return 'userId' in data && typeof data.userId === 'string' ? data.userId : null;
}

/**
 * The e-mail to the address the event names: `render` gets the event's data with the template settings;
 * `attachments`, the files it carries from the event.
 */
interface OwnerMail<T extends EventType> {
  template: string;
  render: (input: EventData<T> & { settings: TemplateSettings }) => RenderedEmail;
  attachments?: (data: EventData<T>) => MailAttachment[];
  /** When the single-use link it carries expires, if it carries one: past it, it is not sent. */
  linkExpiresAt?: (data: EventData<T>) => string | null;
}

/** One subscription for each subject listed, each sending its one e-mail. */
export function ownerMailSubscriptions(
  deps: ServiceDeps<NotificationConfig>,
  mails: { [T in EventType]?: OwnerMail<T> },
) {
  const settings = templateSettings(deps.config);
  return Object.entries(mails).map(([subject, mail]) => {
    const { template, render, attachments, linkExpiresAt } = mail as OwnerMail<EventType>;
    return defineSubscription({
      subject: subject as EventType,
      handler: async (event, { tx }) => {
        const data = event.data as EventData<EventType> & { email: string };
        await insertMessage(tx, {
          to: data.email,
          template,
          eventId: event.id,
          userId: userIdOf(data),
          now: deps.clock.now(),
          ...render({ ...data, settings }),
          ...(attachments && { attachments: attachments(data) }),
          ...(linkExpiresAt && { linkExpiresAt: linkExpiresAt(data) }),
        });
      },
    });
  });
}

export function ownerAndSupportMailSubscription<T extends EventType>(
  deps: ServiceDeps<NotificationConfig>,
  subject: T,
  mails: {
    owner: { render: Render<T>; template: string };
    support: { render: Render<T>; template: string };
    /** What the warning names when there is no support inbox. */
    what: string;
  },
) {
  return defineSubscription({
    subject,
    handler: async (event, { tx, logger }) => {
      const data = event.data as EventData<T> & { email: string };
      const settings = templateSettings(deps.config);
      const now = deps.clock.now();
      const send = (to: string, { render, template }: (typeof mails)['owner']) =>
        insertMessage(tx, {
          to,
          ...render(data, settings),
          template,
          eventId: event.id,
          userId: userIdOf(data),
          now,
        });
      await send(data.email, mails.owner);
      const inbox = supportInbox(deps.config);
      if (!inbox) {
        logger.warn(
          { what: mails.what },
          'no SUPPORT_EMAIL or ADMIN_EMAIL: the support notice is not e-mailed',
        );
        return;
      }
      await send(inbox, mails.support);
    },
  });
}

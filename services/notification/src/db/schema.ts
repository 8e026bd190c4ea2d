/** The notification service's tables, all inside its own Postgres schema `notification`. */
import { timestamptz, workItemColumns } from '@platform/service-kit/columns';
import { createServiceSchema } from '@platform/service-kit/tables';
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, text, unique, uuid } from 'drizzle-orm/pg-core';

export const { schema: notificationSchema, outboxEvents, inboxEvents } = createServiceSchema('notification');

/** A file attached to an e-mail: its name, its type and its bytes in base64. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

export const MESSAGE_STATUSES = ['queued', 'sent', 'logged', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/**
 * Every e-mail, from queued to its outcome: the delivery queue and the delivery log in one table.
 * `sent` went out over SMTP, `logged` was only recorded (no SMTP_URL), `failed` gave up after retries
 * or its link expired before it could be sent.
 * A queued row is due at `next_attempt_at`; a worker that claims it holds it until `locked_until` (its
 * lease), so a worker that dies mid-send leaves the row to be retried, never lost.
 */
export const messages = notificationSchema.table(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Which template wrote it, e.g. `set-password`. */
    template: text('template').notNull(),
    /** The event that asked for it; with the template, unique: a redelivered event queues nothing new. */
    eventId: uuid('event_id'),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull().default('queued'),
    ...workItemColumns(),
    /** Unlike the kit's default, a mail is due as soon as it is queued. */
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    sentAt: timestamptz('sent_at'),
    /** The Message-ID the mail went out with. */
    providerMessageId: text('provider_message_id'),
    /** Extra headers the mail goes out with (a nudge's `List-Unsubscribe` and `List-Unsubscribe-Post`). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /**
     * A calendar invitation sent with it (docs/decisions.md, 108): the `.ics` text and its METHOD
     * (REQUEST to invite, CANCEL to withdraw), sent as the message's text/calendar part.
     */
    calendar: jsonb('calendar').$type<MailCalendar>(),
    /** Files the mail carries (a receipt's invoice PDF), base64, sent as they are. */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    /**
     * When the single-use link the mail carries stops working (a set-password link): past it, the mail is
     * not sent but `failed`, a dead link would only confuse. Null: nothing in it expires.
     */
    linkExpiresAt: timestamptz('link_expires_at'),
  },
  (table) => [
    unique('messages_template_event_id_unique').on(table.template, table.eventId),
    check('messages_status_check', sql`${table.status} in ('queued', 'sent', 'logged', 'failed')`),
    index('messages_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'queued'`),
    index('messages_created_at_idx').on(table.createdAt),
  ],
);

export type MessageRow = typeof messages.$inferSelect;

export interface MailCalendar {
  method: 'REQUEST' | 'CANCEL';
  content: string;
}

/**
 * Which learning nudges a learner wants (docs/behaviour/member-learning.md#nudges; docs/decisions.md, 95):
 * both on until turned off on `/account/notifications` or by an e-mail's one-click unsubscribe. The row is
 * made with the first nudge, with the learner's unsubscribe token (32 random bytes, base64url): holding
 * it is what lets a mail client unsubscribe without signing in.
 */
export const nudgePreferences = notificationSchema.table(
  'nudge_preferences',
  {
    userId: text('user_id').primaryKey(),
    email: text('email').notNull(),
    sectionUnlocked: boolean('section_unlocked').notNull().default(true),
    inactivity: boolean('inactivity').notNull().default(true),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [unique('nudge_preferences_token_unique').on(table.unsubscribeToken)],
);

export type NudgePreferencesRow = typeof nudgePreferences.$inferSelect;

/**
 * Accounts erased (`auth.account.deleted`) by id alone, no address or name: an event about one that arrives
 * after the erasure (another service sent it before it heard of the deletion) e-mails nobody and brings
 * back no row of the person (docs/behaviour/accounts.md#your-data-export-and-deletion).
 */
export const erasedUsers = notificationSchema.table('erased_users', {
  userId: text('user_id').primaryKey(),
  erasedAt: timestamptz('erased_at').notNull(),
});

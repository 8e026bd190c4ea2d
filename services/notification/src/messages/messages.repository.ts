/**
 * Queries on `notification.messages`: the queue the mail delivery drains (claims and outcomes are the
 * kit's work queue, see delivery-worker.ts) and the log the admin reads.
 */
import { randomUUID } from 'node:crypto';
import type { Executor } from '@platform/service-kit/db';
import { schemaOf, wakeAfterCommit } from '@platform/service-kit/jobs';
import { desc } from 'drizzle-orm';
import { isErasedUser } from '../account-data/erased-users.js';
import { messages, type MailAttachment, type MailCalendar, type MessageRow } from '../db/schema.js';
import { MAIL_DELIVERY_QUEUE } from './delivery-worker.js';

export interface NewMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  /** The event that asked for it: the same (template, event) is only ever queued once. */
  eventId: string | null;
  /** The account it is about, when the event names one: nothing is queued about an erased account. */
  userId?: string | null;
  /** Creation time, due at once. */
  now: Date;
  /** Extra headers (a nudge's unsubscribe headers). */
  headers?: Record<string, string>;
  /** A calendar invitation or its cancellation, sent as the message's text/calendar part. */
  calendar?: MailCalendar;
  /** Files it carries (a receipt's invoice). */
  attachments?: MailAttachment[];
  /** When the single-use link it carries expires (ISO or Date): past it, it is not sent. */
  linkExpiresAt?: Date | string | null;
}

/**
 * An address no one has (RFC 2606's `.invalid`): what an erased account's kept orders carry
 * (`erased-<id>@erased.invalid`), so an e-mail about them (the admin refunds such an order) has no reader.
 */
const NO_ONES_ADDRESS = /[@.]invalid$/i;

/**
 * Queues a message, and wakes the mail delivery once `db`'s transaction commits; returns its id, or null
 * when this template was already queued for this event, or it is about an erased account (by its id or its
 * erased address).
 */
export async function insertMessage(db: Executor, message: NewMessage): Promise<string | null> {
  if (NO_ONES_ADDRESS.test(message.to)) return null;
  if (message.userId && (await isErasedUser(db, message.userId))) return null;
  const inserted = await db
    .insert(messages)
    .values({
      id: randomUUID(),
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      template: message.template,
      eventId: message.eventId,
      status: 'queued',
      nextAttemptAt: message.now,
      createdAt: message.now,
      headers: message.headers ?? null,
      calendar: message.calendar ?? null,
      attachments: message.attachments ?? null,
      linkExpiresAt: message.linkExpiresAt ? new Date(message.linkExpiresAt) : null,
    })
    .onConflictDoNothing({ target: [messages.template, messages.eventId] })
    .returning({ id: messages.id });
  const id = inserted[0]?.id ?? null;
  if (id) await wakeAfterCommit(db, schemaOf(messages), MAIL_DELIVERY_QUEUE);
  return id;
}

/** Newest first. */
export async function listRecentMessages(db: Executor, limit: number): Promise<MessageRow[]> {
  return db.select().from(messages).orderBy(desc(messages.createdAt), desc(messages.id)).limit(limit);
}

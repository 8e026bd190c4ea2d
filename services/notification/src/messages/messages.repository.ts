/** Queries on `notification.messages`: the queue the delivery worker drains and the log the admin reads. */
import { randomUUID } from 'node:crypto';
import type { Executor } from '@platform/service-kit';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { messages, type MessageRow } from '../db/schema.js';

export interface NewMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  /** The event that asked for it: the same (template, event) is only ever queued once. */
  eventId: string | null;
  /** Creation time, due at once. */
  now: Date;
}

/** Queues a message; returns its id, or null when this template was already queued for this event. */
export async function insertMessage(db: Executor, message: NewMessage): Promise<string | null> {
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
    })
    .onConflictDoNothing({ target: [messages.template, messages.eventId] })
    .returning({ id: messages.id });
  return inserted[0]?.id ?? null;
}

/**
 * Claims up to `limit` due messages for one worker: each gets one more attempt and a lease (its
 * `next_attempt_at` moves to `leaseUntil`), so no other worker takes it while it is being sent, and any
 * worker takes it again if this one dies. `SKIP LOCKED`: workers on several replicas never wait on
 * each other nor claim the same row.
 */
export async function claimDueMessages(
  db: Executor,
  options: { now: Date; leaseUntil: Date; limit: number },
): Promise<MessageRow[]> {
  const due = db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.status, 'queued'), lte(messages.nextAttemptAt, options.now)))
    .orderBy(asc(messages.nextAttemptAt), asc(messages.createdAt))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(messages)
    .set({ nextAttemptAt: options.leaseUntil, attempts: sql`${messages.attempts} + 1` })
    .where(and(inArray(messages.id, due), eq(messages.status, 'queued')))
    .returning();
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** The claim a worker holds: the row is updated only while nobody claimed it again since. */
function stillClaimed(row: Pick<MessageRow, 'id' | 'attempts'>) {
  return and(eq(messages.id, row.id), eq(messages.status, 'queued'), eq(messages.attempts, row.attempts));
}

export async function markDelivered(
  db: Executor,
  row: Pick<MessageRow, 'id' | 'attempts'>,
  outcome: { status: 'sent' | 'logged'; at: Date; providerMessageId: string },
): Promise<boolean> {
  const updated = await db
    .update(messages)
    .set({
      status: outcome.status,
      sentAt: outcome.at,
      providerMessageId: outcome.providerMessageId,
      lastError: null,
    })
    .where(stillClaimed(row))
    .returning({ id: messages.id });
  return updated.length > 0;
}

/** A failed attempt: due again at `retryAt`, or `failed` for good when `retryAt` is null. */
export async function markAttemptFailed(
  db: Executor,
  row: Pick<MessageRow, 'id' | 'attempts'>,
  outcome: { error: string; retryAt: Date | null },
): Promise<boolean> {
  const updated = await db
    .update(messages)
    .set(
      outcome.retryAt
        ? { lastError: outcome.error, nextAttemptAt: outcome.retryAt }
        : { lastError: outcome.error, status: 'failed' },
    )
    .where(stillClaimed(row))
    .returning({ id: messages.id });
  return updated.length > 0;
}

/** Newest first. */
export async function listRecentMessages(db: Executor, limit: number): Promise<MessageRow[]> {
  return db.select().from(messages).orderBy(desc(messages.createdAt), desc(messages.id)).limit(limit);
}

/**
 * Mail delivery as a work queue of the kit: `notification.messages` rows are its items. The kit claims due
 * messages (`FOR UPDATE SKIP LOCKED` and a lease, so replicas share the work and never send one twice at
 * once), retries a failed send with backoff and gives up after the last attempt; this file only sends
 * and says what to record. Delivery is at least once, at most `maxAttempts` times: a replica that dies
 * after the server accepted a message but before recording it sends it again once its lease ran out, and
 * that claim counted as an attempt too (the kit fails an item claimed past its last attempt unhandled).
 *
 * A message whose link expired by the service clock (`linkExpiresAt`, say while the mail server was down)
 * is not sent: it settles as `failed`, and the owner asks for a new link. A mail says the time its links
 * have left as of the send (templates/link-time-left.ts).
 *
 * Queuing a message (`insertMessage`) wakes the queue when its transaction commits; the poll is only the
 * safety net. Due times are the service `Clock` (tests move it to reach a retry).
 */
import { HOUR, systemClock, type Clock } from '@platform/service-kit/clock';
import { defineWorkQueue, exponentialBackoff, type Backoff } from '@platform/service-kit/jobs';
import { messages } from '../db/schema.js';
import { withTimeLeftAt } from '../templates/link-time-left.js';
import type { MailTransport } from './mail-transport.js';

export const MAIL_DELIVERY_QUEUE = 'mail-delivery';

/** Why a message was not sent: its link had expired (the admin's delivery log shows it). */
export const LINK_EXPIRED_ERROR = 'The link expired before the mail could be sent';

/** 30 s after the first failure, twice as long after each further one, at most an hour. */
export const mailBackoff: Backoff = exponentialBackoff({ firstMs: 30_000, maxMs: HOUR });

export interface MailDeliveryOptions {
  transport: MailTransport;
  clock?: Clock;
  /** Messages claimed (and sent side by side) per round. Default 10. */
  batchSize?: number;
  /** Attempts before a message is `failed` for good. Default 8. */
  maxAttempts?: number;
  backoff?: Backoff;
  /** Pause between looks for due messages when nothing woke the queue. Default 1 s. */
  pollIntervalMs?: number;
}

export function mailDeliveryQueue(options: MailDeliveryOptions) {
  const { transport } = options;
  const clock = options.clock ?? systemClock;
  return defineWorkQueue({
    name: MAIL_DELIVERY_QUEUE,
    table: messages,
    statuses: { ready: 'queued', failed: 'failed' },
    orderBy: [messages.createdAt],
    batchSize: options.batchSize ?? 10,
    maxAttempts: options.maxAttempts ?? 8,
    backoff: options.backoff ?? mailBackoff,
    pollIntervalMs: options.pollIntervalMs,
    handle: async (message, { logger }) => {
      if (message.linkExpiresAt && message.linkExpiresAt.getTime() <= clock.now().getTime()) {
        logger.warn(
          { template: message.template, linkExpiresAt: message.linkExpiresAt.toISOString() },
          'the link expired before the mail could be sent',
        );
        return { status: 'failed' as const, lastError: LINK_EXPIRED_ERROR };
      }
      const { subject, text, html } = sentAsOf(message, clock.now());
      const { messageId } = await transport.send({
        to: message.toAddress,
        subject,
        text,
        html,
        ...(message.headers && { headers: message.headers }),
        ...(message.calendar && {
          icalEvent: {
            method: message.calendar.method,
            filename: 'invite.ics',
            content: message.calendar.content,
          },
        }),
        ...(message.attachments && {
          attachments: message.attachments.map(({ filename, contentType, contentBase64 }) => ({
            filename,
            contentType,
            content: Buffer.from(contentBase64, 'base64'),
          })),
        }),
      });
      const status = transport.kind === 'smtp' ? ('sent' as const) : ('logged' as const);
      logger.info({ template: message.template, status, providerMessageId: messageId }, 'e-mail delivered');
      return { status, sentAt: clock.now(), providerMessageId: messageId };
    },
    close: () => transport.close(),
  });
}

/** A message's subject and bodies as sent at `at`: the time its links have left then. */
export function sentAsOf(
  message: Pick<typeof messages.$inferSelect, 'subject' | 'textBody' | 'htmlBody'>,
  at: Date,
): { subject: string; text: string; html: string } {
  return withTimeLeftAt({ subject: message.subject, text: message.textBody, html: message.htmlBody }, at);
}

/** The admin's view of the delivery log: recent messages, newest first, in the contract's shape. */
import type { MailList } from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { listRecentMessages } from './messages.repository.js';

export async function listRecentMail(db: Executor, limit: number): Promise<MailList> {
  const rows = await listRecentMessages(db, limit);
  return {
    messages: rows.map((row) => ({
      id: row.id,
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      html: row.htmlBody,
      template: row.template,
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
  };
}

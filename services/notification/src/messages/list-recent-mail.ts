/**
 * The admin's view of the delivery log: recent messages, newest first, in the contract's shape. A link's
 * time left reads as the mail said it when sent, or as it was queued while it waits.
 */
import type { MailList } from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { sentAsOf } from './delivery-worker.js';
import { listRecentMessages } from './messages.repository.js';

export async function listRecentMail(db: Executor, limit: number): Promise<MailList> {
  const rows = await listRecentMessages(db, limit);
  return {
    messages: rows.map((row) => ({
      id: row.id,
      to: row.toAddress,
      ...sentAsOf(row, row.sentAt ?? row.createdAt),
      template: row.template,
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
  };
}

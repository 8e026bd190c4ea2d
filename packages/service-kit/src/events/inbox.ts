/**
 * The idempotent consumer: the inbox row and the handler's effect commit together, so a redelivered
 * event changes nothing and a failed effect leaves no inbox row behind (the retry runs it again).
 */
import type { Database, Transaction } from '../db/database.js';
import type { InboxTable } from './tables.js';

export interface InboxKey {
  eventId: string;
  /** Who applies it: one row per (event, consumer), so two handlers of one event both run. */
  consumer: string;
  type: string;
}

export async function applyOnce(
  db: Database,
  inboxTable: InboxTable,
  key: InboxKey,
  effect: (tx: Transaction) => Promise<void>,
): Promise<'applied' | 'duplicate'> {
  return db.transaction(async (tx) => {
    // A concurrent delivery of the same event waits here on the primary key until this one commits.
    const inserted = await tx
      .insert(inboxTable)
      .values({ eventId: key.eventId, consumer: key.consumer, type: key.type })
      .onConflictDoNothing()
      .returning({ eventId: inboxTable.eventId });
    if (inserted.length === 0) return 'duplicate';
    await effect(tx);
    return 'applied';
  });
}

/**
 * Tells the other services that the owner's card on file changed (`payment.saved-card.changed`,
 * docs/decisions.md, 112), in the transaction of the change: the owner's change counter is moved on (its
 * row locked until commit, so two changes at once are numbered in the order they commit) and the event
 * carries the card on file now, or null once it was removed.
 */
import type { Clock } from '@platform/service-kit/clock';
import type { Executor } from '@platform/service-kit/db';
import { enqueueEvent } from '@platform/service-kit/events';
import { sql } from 'drizzle-orm';
import { outboxEvents } from '../db/schema.js';
import { savedCardChanges, type SavedCardRow } from './saved-cards.tables.js';

export async function announceSavedCard(
  tx: Executor,
  userId: string,
  card: Pick<SavedCardRow, 'brand' | 'last4' | 'expMonth' | 'expYear'> | null,
  clock: Clock,
): Promise<number> {
  const now = clock.now();
  const [row] = await tx
    .insert(savedCardChanges)
    .values({ userId, sequence: 1, changedAt: now })
    .onConflictDoUpdate({
      target: savedCardChanges.userId,
      set: { sequence: sql`${savedCardChanges.sequence} + 1`, changedAt: now },
    })
    .returning({ sequence: savedCardChanges.sequence });
  const sequence = row!.sequence;
  await enqueueEvent(
    tx,
    outboxEvents,
    {
      type: 'payment.saved-card.changed',
      data: {
        userId,
        card: card
          ? { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear }
          : null,
        sequence,
        changedAt: now.toISOString(),
      },
    },
    { clock },
  );
  return sequence;
}

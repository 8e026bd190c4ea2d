/** Queries of the card on file and its setups. */
import type { SavedCard } from '@platform/contracts';
import type { Clock } from '@platform/service-kit/clock';
import { findRow, updateRows, type Executor } from '@platform/service-kit/db';
import { and, eq, inArray } from 'drizzle-orm';
import { announceSavedCard } from './announce-saved-card.js';
import { cardSetups, savedCards, type CardSetupRow, type SavedCardRow } from './saved-cards.tables.js';

export async function findSavedCard(db: Executor, userId: string): Promise<SavedCardRow | null> {
  return findRow(db, savedCards, eq(savedCards.userId, userId));
}

/** The cards on file of these accounts, by user id. */
export async function findSavedCards(db: Executor, userIds: string[]): Promise<Map<string, SavedCardRow>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select().from(savedCards).where(inArray(savedCards.userId, userIds));
  return new Map(rows.map((row) => [row.userId, row]));
}

/**
 * Saves the card, replacing the one on file, and announces it (`payment.saved-card.changed`) in the same
 * transaction: `tx` must be one.
 */
export async function saveCard(tx: Executor, card: SavedCardRow, clock: Clock): Promise<void> {
  const { userId: _userId, ...rest } = card;
  await tx.insert(savedCards).values(card).onConflictDoUpdate({ target: savedCards.userId, set: rest });
  await announceSavedCard(tx, card.userId, card, clock);
}

/** Removes the card on file and announces it; false (nothing announced) when there was none. */
export async function removeSavedCard(tx: Executor, userId: string, clock: Clock): Promise<boolean> {
  const removed = await tx
    .delete(savedCards)
    .where(eq(savedCards.userId, userId))
    .returning({ userId: savedCards.userId });
  if (removed.length === 0) return false;
  await announceSavedCard(tx, userId, null, clock);
  return true;
}

export async function insertCardSetup(db: Executor, setup: CardSetupRow): Promise<void> {
  await db.insert(cardSetups).values(setup);
}

export async function findCardSetup(db: Executor, id: string): Promise<CardSetupRow | null> {
  return findRow(db, cardSetups, eq(cardSetups.id, id));
}

/** Moves an open setup on; false when it was no longer open (a second click, a replay). */
export async function closeCardSetup(
  db: Executor,
  id: string,
  status: 'saved' | 'cancelled',
): Promise<boolean> {
  return updateRows(db, cardSetups, { status }, and(eq(cardSetups.id, id), eq(cardSetups.status, 'open')));
}

export function toSavedCardView(row: SavedCardRow): SavedCard {
  return {
    provider: row.provider,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    savedAt: row.savedAt.toISOString(),
  };
}

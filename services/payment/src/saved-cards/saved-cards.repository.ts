/** Queries of the card on file and its setups. */
import type { SavedCard } from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { and, eq } from 'drizzle-orm';
import { cardSetups, savedCards, type CardSetupRow, type SavedCardRow } from './saved-cards.tables.js';

export async function findSavedCard(db: Executor, userId: string): Promise<SavedCardRow | null> {
  const [row] = await db.select().from(savedCards).where(eq(savedCards.userId, userId));
  return row ?? null;
}

/** Saves the card, replacing the one on file. */
export async function saveCard(db: Executor, card: SavedCardRow): Promise<void> {
  const { userId: _userId, ...rest } = card;
  await db.insert(savedCards).values(card).onConflictDoUpdate({ target: savedCards.userId, set: rest });
}

export async function removeSavedCard(db: Executor, userId: string): Promise<void> {
  await db.delete(savedCards).where(eq(savedCards.userId, userId));
}

export async function insertCardSetup(db: Executor, setup: CardSetupRow): Promise<void> {
  await db.insert(cardSetups).values(setup);
}

export async function findCardSetup(db: Executor, id: string): Promise<CardSetupRow | null> {
  const [row] = await db.select().from(cardSetups).where(eq(cardSetups.id, id));
  return row ?? null;
}

/** Moves an open setup on; false when it was no longer open (a second click, a replay). */
export async function closeCardSetup(
  db: Executor,
  id: string,
  status: 'saved' | 'cancelled',
): Promise<boolean> {
  const rows = await db
    .update(cardSetups)
    .set({ status })
    .where(and(eq(cardSetups.id, id), eq(cardSetups.status, 'open')))
    .returning({ id: cardSetups.id });
  return rows.length > 0;
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

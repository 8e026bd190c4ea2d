/**
 * The owner's card on file as the revenue service knows it (docs/decisions.md, 112): kept from the payment
 * service's `payment.saved-card.changed`, the highest `sequence` winning, so a redelivered or late event
 * changes nothing and a late "saved" cannot bring back a card removed since.
 */
import type { PaymentSavedCardChanged } from '@platform/contracts';
import { findRow, upsertNewer, type Executor } from '@platform/service-kit/db';
import { defineSubscription } from '@platform/service-kit/events';
import { eq, type SQL } from 'drizzle-orm';
import { cardsOnFile, shareCollections } from '../db/schema.js';
import { endsCollection, type ScheduledAttempt } from './collection-schedule.js';

/** The card the automatic collection will charge: which one, for the notice. */
export interface CardOnFile {
  brand: string;
  last4: string;
}

/** Keeps the change when it is newer than the one held; false for an older or repeated one. */
export async function applyCardChange(db: Executor, change: PaymentSavedCardChanged): Promise<boolean> {
  const values = {
    brand: change.card?.brand ?? null,
    last4: change.card?.last4 ?? null,
    expMonth: change.card?.expMonth ?? null,
    expYear: change.card?.expYear ?? null,
    sequence: change.sequence,
    changedAt: new Date(change.changedAt),
  };
  return upsertNewer(db, cardsOnFile, cardsOnFile.userId, { userId: change.userId }, values);
}

/** The owner's card on file, or null without one. */
export async function findCardOnFile(db: Executor, userId: string): Promise<CardOnFile | null> {
  const row = await findRow(db, cardsOnFile, eq(cardsOnFile.userId, userId));
  return row?.brand && row.last4 ? { brand: row.brand, last4: row.last4 } : null;
}

export function cardOnFileSubscription() {
  return defineSubscription({
    subject: 'payment.saved-card.changed',
    handler: async (event, { tx, logger }) => {
      const applied = await applyCardChange(tx, event.data);
      logger.info(
        {
          userId: event.data.userId,
          sequence: event.data.sequence,
          onFile: event.data.card !== null,
          applied,
        },
        applied ? 'card on file projected' : 'older card change ignored',
      );
    },
  });
}

export type CollectionAttempt = ScheduledAttempt & { reportId: string; paid: boolean };

/** The collection attempts `where` selects, each with whether its charge's payment was recorded. */
export async function collectionAttemptsWhere(
  db: Executor,
  where: SQL | undefined,
): Promise<CollectionAttempt[]> {
  const rows = await db
    .select({
      reportId: shareCollections.reportId,
      attempt: shareCollections.attempt,
      failure: shareCollections.failure,
      paidAt: shareCollections.paidAt,
    })
    .from(shareCollections)
    .where(where);
  return rows.map(({ paidAt, ...row }) => ({ ...row, paid: paidAt !== null }));
}

/** The owner's collection attempts, answered or not, by report. */
export async function collectionAttemptsOf(
  db: Executor,
  userId: string,
): Promise<Map<string, CollectionAttempt[]>> {
  const rows = await collectionAttemptsWhere(db, eq(shareCollections.userId, userId));
  const byReport = new Map<string, CollectionAttempt[]>();
  for (const row of rows) byReport.set(row.reportId, [...(byReport.get(row.reportId) ?? []), row]);
  return byReport;
}

/** The reports whose automatic collection ended: what they still owe is paid by link from then on. */
export function collectionEndedIn(attempts: Map<string, CollectionAttempt[]>): Set<string> {
  return new Set([...attempts].filter(([, rows]) => rows.some(endsCollection)).map(([reportId]) => reportId));
}

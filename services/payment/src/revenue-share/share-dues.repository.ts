/** Queries of the revenue-share dues projection (`revenue_share_dues`, fed by `revenue.share.due-changed`). */
import type { RevenueShareDueChanged } from '@platform/contracts';
import { findRow, upsertNewer, type Executor } from '@platform/service-kit/db';
import { and, eq, sql } from 'drizzle-orm';
import { revenueShareDues } from '../db/schema.js';

export type ShareDueRow = typeof revenueShareDues.$inferSelect;

/**
 * Keeps the announcement when it is newer (a higher `sequence`) than the one held; false for an older one
 * delivered late, which changes nothing.
 */
export async function applyShareDue(
  db: Executor,
  due: RevenueShareDueChanged,
  appliedAt: Date,
): Promise<boolean> {
  const values = {
    userId: due.userId,
    periodStart: due.periodStart,
    periodEnd: due.periodEnd,
    amountDue: due.amountDue,
    verified: due.verified,
    firstName: due.firstName,
    lastName: due.lastName,
    sequence: due.sequence,
    changedAt: new Date(due.changedAt),
    appliedAt,
  };
  return upsertNewer(db, revenueShareDues, revenueShareDues.reportId, { reportId: due.reportId }, values);
}

/** The owner's report as the projection holds it; null when it is unknown or someone else's. */
export async function findShareDueOfUser(
  db: Executor,
  reportId: string,
  userId: string,
): Promise<ShareDueRow | null> {
  return findRow(
    db,
    revenueShareDues,
    and(eq(revenueShareDues.reportId, reportId), eq(revenueShareDues.userId, userId)),
  );
}

/**
 * The report's projected due, locked until the transaction ends: the fulfilments of its orders, the
 * collection from the card on file and the start of a 'Pay now' checkout of one report wait in turn.
 */
export async function lockShareDue(db: Executor, reportId: string): Promise<ShareDueRow | null> {
  return findRow(db, revenueShareDues, eq(revenueShareDues.reportId, reportId), { lock: true });
}

/**
 * A payment of the report was fulfilled here: what it paid is no longer due, at once, before the revenue
 * service records it and announces the report's new figure (which then replaces this one). In the
 * fulfilment's transaction, with the row locked.
 */
export async function takeFromShareDue(db: Executor, reportId: string, amount: number): Promise<void> {
  await db
    .update(revenueShareDues)
    .set({ amountDue: sql`greatest(0, ${revenueShareDues.amountDue} - ${amount})` })
    .where(eq(revenueShareDues.reportId, reportId));
}

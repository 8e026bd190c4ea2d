/** Queries of the test provider's own sessions table (its side of the checkout, like Stripe's). */
import { and, eq, sql } from 'drizzle-orm';
import { findRow, type Executor } from '@platform/service-kit/db';
import { testCheckoutSessions } from '../../db/schema.js';

export type TestSessionRow = typeof testCheckoutSessions.$inferSelect;
export type NewTestSession = typeof testCheckoutSessions.$inferInsert;

export async function insertTestSession(db: Executor, session: NewTestSession): Promise<void> {
  await db.insert(testCheckoutSessions).values(session);
}

export async function findTestSession(db: Executor, id: string): Promise<TestSessionRow | null> {
  return findRow(db, testCheckoutSessions, eq(testCheckoutSessions.id, id));
}

/** Moves an open session to paid, declined or expired; null when it was not open (already decided). */
export async function completeTestSession(
  db: Executor,
  id: string,
  outcome: { status: 'paid'; paymentId: string; at: Date } | { status: 'declined' | 'expired'; at: Date },
): Promise<TestSessionRow | null> {
  const [row] = await db
    .update(testCheckoutSessions)
    .set({
      status: outcome.status,
      paymentId: outcome.status === 'paid' ? outcome.paymentId : null,
      completedAt: outcome.at,
    })
    .where(and(eq(testCheckoutSessions.id, id), eq(testCheckoutSessions.status, 'open')))
    .returning();
  return row ?? null;
}

/** Records the refund once; a second call returns the first refund's id. */
export async function refundTestPayment(
  db: Executor,
  paymentId: string,
  refund: { refundId: string; at: Date },
): Promise<string | null> {
  const [row] = await db
    .update(testCheckoutSessions)
    .set({
      refundId: sql`coalesce(${testCheckoutSessions.refundId}, ${refund.refundId})`,
      refundedAt: sql`coalesce(${testCheckoutSessions.refundedAt}, ${refund.at.toISOString()}::timestamptz)`,
    })
    .where(and(eq(testCheckoutSessions.paymentId, paymentId), eq(testCheckoutSessions.status, 'paid')))
    .returning({ refundId: testCheckoutSessions.refundId });
  return row?.refundId ?? null;
}

/** Queries on `revenue.revenue_reports` and `revenue.share_payments`. */
import { findRow, insertRow, rowsWhereIn, type Executor } from '@platform/service-kit/db';
import { and, asc, desc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import { revenueReports, sharePayments, type RevenueReportRow } from '../db/schema.js';

type SharePaymentRow = typeof sharePayments.$inferSelect;

export type NewRevenueReportRow = typeof revenueReports.$inferInsert;

export async function insertReport(db: Executor, report: NewRevenueReportRow): Promise<RevenueReportRow> {
  return insertRow(db, revenueReports, report);
}

/** The owner's reports that share a day with the period, oldest first. */
export async function findOverlappingReports(
  db: Executor,
  userId: string,
  period: { firstDay: string; lastDay: string },
): Promise<RevenueReportRow[]> {
  return db
    .select()
    .from(revenueReports)
    .where(
      and(
        eq(revenueReports.userId, userId),
        lte(revenueReports.reportingPeriodStart, period.lastDay),
        gte(revenueReports.reportingPeriodEnd, period.firstDay),
      ),
    )
    .orderBy(asc(revenueReports.reportingPeriodStart));
}

/** The owner's reports, newest period first. */
export async function listReportsOfUser(db: Executor, userId: string): Promise<RevenueReportRow[]> {
  return listReportsOfUsers(db, [userId]);
}

/** The owners' reports, newest period first. */
export async function listReportsOfUsers(db: Executor, userIds: string[]): Promise<RevenueReportRow[]> {
  return rowsWhereIn(db, revenueReports, revenueReports.userId, userIds, [
    desc(revenueReports.reportingPeriodStart),
    desc(revenueReports.createdAt),
  ]);
}

/** Every report, newest submission first. */
export async function listAllReports(db: Executor): Promise<RevenueReportRow[]> {
  return db.select().from(revenueReports).orderBy(desc(revenueReports.createdAt), desc(revenueReports.id));
}

export async function findReport(db: Executor, id: string): Promise<RevenueReportRow | null> {
  return findRow(db, revenueReports, eq(revenueReports.id, id));
}

export async function updateReport(
  db: Executor,
  id: string,
  patch: Partial<NewRevenueReportRow>,
): Promise<RevenueReportRow> {
  const [row] = await db.update(revenueReports).set(patch).where(eq(revenueReports.id, id)).returning();
  return row!;
}

export async function insertSharePayment(
  db: Executor,
  payment: typeof sharePayments.$inferInsert,
): Promise<void> {
  await db.insert(sharePayments).values(payment);
}

export async function findSharePayment(db: Executor, id: string): Promise<SharePaymentRow | null> {
  return findRow(db, sharePayments, eq(sharePayments.id, id));
}

/** Every share payment recorded, in cents, credit applied left out. */
export async function sumSharePayments(db: Executor): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${sharePayments.amount}), 0)` })
    .from(sharePayments)
    // Credit is money already counted where it was paid (docs/decisions.md, 104).
    .where(ne(sharePayments.method, 'credit'));
  return Number(row?.total ?? 0);
}

/** The report, locked (after its plan, the order every writer takes them in). */
export async function lockReport(db: Executor, id: string): Promise<RevenueReportRow | null> {
  return findRow(db, revenueReports, eq(revenueReports.id, id), { lock: true });
}

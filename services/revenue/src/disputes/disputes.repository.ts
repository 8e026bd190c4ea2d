/** The `report_disputes` rows, and the view of one. */
import { DISPUTE_WINDOW_DAYS, type ReportDispute } from '@platform/contracts';
import { DAY } from '@platform/service-kit/clock';
import { findRow, type Executor } from '@platform/service-kit/db';
import { and, eq, inArray } from 'drizzle-orm';
import { reportDisputes, type ReportDisputeRow, type RevenueReportRow } from '../db/schema.js';

export async function findDisputeOfReport(db: Executor, reportId: string): Promise<ReportDisputeRow | null> {
  return findRow(db, reportDisputes, eq(reportDisputes.reportId, reportId));
}

/** The disputes of these reports, by report id. */
export async function disputesOfReports(
  db: Executor,
  reportIds: string[],
): Promise<Map<string, ReportDisputeRow>> {
  if (reportIds.length === 0) return new Map();
  const rows = await db.select().from(reportDisputes).where(inArray(reportDisputes.reportId, reportIds));
  return new Map(rows.map((row) => [row.reportId, row]));
}

/** The ids of the owner's reports with an open dispute: their reminders and collection wait. */
export async function openlyDisputedReportIds(db: Executor, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ reportId: reportDisputes.reportId })
    .from(reportDisputes)
    .where(and(eq(reportDisputes.userId, userId), eq(reportDisputes.status, 'open')));
  return new Set(rows.map((row) => row.reportId));
}

/** When the owner can no longer dispute the report's share; null while it is not verified. */
export function disputableUntil(report: Pick<RevenueReportRow, 'verifiedAt'>): Date | null {
  return report.verifiedAt ? new Date(report.verifiedAt.getTime() + DISPUTE_WINDOW_DAYS * DAY) : null;
}

export function toReportDispute(row: ReportDisputeRow): ReportDispute {
  return {
    id: row.id,
    reportId: row.reportId,
    status: row.status,
    reason: row.reason,
    openedAt: row.openedAt.toISOString(),
    resolution: row.resolution,
    previousShareOwed: row.previousShareOwed,
    resolvedAt: row.resolvedAt ? row.resolvedAt.toISOString() : null,
  };
}

/** Reads of the audit trail: a report's history and the whole trail for the CSV. */
import type { RevenueAuditEntry } from '@platform/contracts';
import { pickFields, type Executor } from '@platform/service-kit/db';
import { asc, eq } from 'drizzle-orm';
import { auditEntries, type AuditEntryRow } from '../db/schema.js';

function toAuditEntry(row: AuditEntryRow): RevenueAuditEntry {
  return {
    ...pickFields(row, ['id', 'entity', 'entityId', 'action', 'reportId', 'userId', 'actor']),
    at: row.at.toISOString(),
    before: row.before ?? null,
    after: row.after ?? null,
    reason: row.reason,
  };
}

/** A report's entries, oldest first. */
export async function listReportHistory(db: Executor, reportId: string): Promise<RevenueAuditEntry[]> {
  const rows = await db
    .select()
    .from(auditEntries)
    .where(eq(auditEntries.reportId, reportId))
    .orderBy(asc(auditEntries.seq));
  return rows.map(toAuditEntry);
}

/** Every entry, oldest first. */
export async function listAuditTrail(db: Executor): Promise<RevenueAuditEntry[]> {
  const rows = await db.select().from(auditEntries).orderBy(asc(auditEntries.seq));
  return rows.map(toAuditEntry);
}

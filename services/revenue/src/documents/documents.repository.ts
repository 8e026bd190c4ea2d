/** Queries on `revenue.report_documents`. */
import { findRow, insertFilesOnce, type Executor } from '@platform/service-kit/db';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { reportDocuments, type ReportDocumentRow } from '../db/schema.js';

export type NewReportDocumentRow = typeof reportDocuments.$inferInsert;

/** Records the documents of one upload, once per client id (`insertFilesOnce`). */
export function insertDocuments(db: Executor, reportId: string, rows: NewReportDocumentRow[]) {
  return insertFilesOnce(db, reportDocuments, { column: reportDocuments.reportId, id: reportId }, rows);
}

/** The documents of each report, oldest first; a report without any is absent from the map. */
export async function listDocumentsOfReports(
  db: Executor,
  reportIds: string[],
): Promise<Map<string, ReportDocumentRow[]>> {
  const byReport = new Map<string, ReportDocumentRow[]>();
  if (reportIds.length === 0) return byReport;
  const rows = await db
    .select()
    .from(reportDocuments)
    .where(inArray(reportDocuments.reportId, reportIds))
    .orderBy(asc(reportDocuments.uploadedAt), asc(reportDocuments.id));
  for (const row of rows) {
    const list = byReport.get(row.reportId);
    if (list) list.push(row);
    else byReport.set(row.reportId, [row]);
  }
  return byReport;
}

export async function findDocument(
  db: Executor,
  reportId: string,
  documentId: string,
): Promise<ReportDocumentRow | null> {
  return findRow(
    db,
    reportDocuments,
    and(eq(reportDocuments.reportId, reportId), eq(reportDocuments.id, documentId)),
  );
}

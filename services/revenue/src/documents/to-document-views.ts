/** Document rows → what the owner's page and the admin's ledger list. */
import { reportDocumentPath, type ReportDocument } from '@platform/contracts';
import type { ReportDocumentRow } from '../db/schema.js';

export function toReportDocument(row: ReportDocumentRow): ReportDocument {
  return {
    id: row.id,
    name: row.originalName,
    size: row.size,
    contentType: row.contentType,
    url: reportDocumentPath(row.reportId, row.id),
  };
}

/**
 * Supporting documents on a monthly revenue report (docs/behaviour/revenue-share.md#supporting-documents):
 *
 *   POST /api/revenue-reports/:id/documents                 the report's owner; multipart, field `files`
 *   GET  /api/revenue-reports/:id/documents/:documentId     the report's owner or an admin; an attachment
 *
 * The upload answers 200 `AttachReportDocumentsResponse` with what was kept and what was refused; 400 when
 * nothing was kept (each refusal listed), 413 for too many or too large files, 401 for visitors and 404 for
 * a report that is not the caller's.
 */
import { z } from 'zod';
import { actionSucceeded } from '../fields.js';

/** Files in one upload. */
export const MAX_REPORT_DOCUMENTS_PER_UPLOAD = 5;
/** Bytes per file. */
export const MAX_REPORT_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** What the file input offers; the server decides from the bytes, never from this. */
export const REPORT_DOCUMENT_ACCEPT =
  '.pdf,.jpg,.jpeg,.png,.webp,.heic,.xlsx,.xls,.ods,.csv,application/pdf,image/jpeg,image/png,image/webp,image/heic';

export const REPORT_DOCUMENT_MESSAGES = {
  /** The form's file input. */
  label: 'Supporting documents (optional)',
  hint: 'PDF, images (JPEG, PNG, WebP, HEIC), spreadsheets (XLSX, XLS, ODS) or CSV; up to 5 files of 10 MB each.',
  notMultipart: 'Send the documents as multipart/form-data',
  unexpectedField: 'Send the documents in the "files" field',
  tooMany: `Attach at most ${MAX_REPORT_DOCUMENTS_PER_UPLOAD} documents at a time`,
  tooLarge: 'Each document must be 10 MB or smaller',
  empty: 'The file is empty',
  notAllowed:
    'This file type is not accepted: attach a PDF, an image (JPEG, PNG, WebP, HEIC), a spreadsheet (XLSX, XLS, ODS) or a CSV file',
  noFilesSent: 'Choose at least one document to attach',
  noFilesAccepted: 'None of the documents could be attached',
  reportNotFound: 'Report not found',
  documentNotFound: 'Document not found',
  /** The page. */
  attach: 'Attach documents',
  attaching: 'Attaching documents...',
  attachedTitle: 'Documents attached',
  notAttachedTitle: 'Documents not attached',
  notAttached:
    'Your report was submitted, but the documents were not attached. Use "Attach documents" on the report in your history to try again.',
  documentsHeading: 'Documents',
  notAttachedList: 'Not attached:',
} as const;

/** '2 documents attached.' */
export function documentsAttachedText(count: number): string {
  return count === 1 ? '1 document attached.' : `${count} documents attached.`;
}

/**
 * What an upload kept and what it refused, in words: '1 document attached. Not attached: menu.docx (This
 * file type is not accepted: …).'
 */
export function documentsAnswerText(answer: {
  documents: readonly unknown[];
  rejected: readonly RejectedReportDocument[];
}): string {
  const attached = documentsAttachedText(answer.documents.length);
  if (answer.rejected.length === 0) return attached;
  const refused = answer.rejected.map(({ fileName, reason }) => `${fileName} (${reason})`).join('; ');
  return `${attached} ${REPORT_DOCUMENT_MESSAGES.notAttachedList} ${refused}.`;
}

/** Where a document is downloaded (the owner and admins). */
export function reportDocumentPath(reportId: string, documentId: string): string {
  return `/api/revenue-reports/${reportId}/documents/${documentId}`;
}

export const ReportDocumentSchema = z.object({
  id: z.uuid(),
  /** The name it was uploaded with. */
  name: z.string(),
  /** Bytes. */
  size: z.number().int().nonnegative(),
  /** The type decided from its bytes. */
  contentType: z.string(),
  url: z.string(),
});
export type ReportDocument = z.infer<typeof ReportDocumentSchema>;

export const RejectedReportDocumentSchema = z.object({ fileName: z.string(), reason: z.string() });
export type RejectedReportDocument = z.infer<typeof RejectedReportDocumentSchema>;

export const AttachReportDocumentsResponseSchema = z.object({
  ...actionSucceeded,
  documents: z.array(ReportDocumentSchema),
  rejected: z.array(RejectedReportDocumentSchema),
});
export type AttachReportDocumentsResponse = z.infer<typeof AttachReportDocumentsResponseSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const ReportDocumentsParamsSchema = z.object({
  id: z
    .string()
    .regex(UUID, REPORT_DOCUMENT_MESSAGES.reportNotFound)
    .transform((id) => id.toLowerCase()),
});

export const ReportDocumentParamsSchema = ReportDocumentsParamsSchema.extend({
  documentId: z
    .string()
    .regex(UUID, REPORT_DOCUMENT_MESSAGES.documentNotFound)
    .transform((id) => id.toLowerCase()),
});

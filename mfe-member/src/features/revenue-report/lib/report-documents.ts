/**
 * The supporting documents' checks in the browser (docs/behaviour/revenue-share.md#supporting-documents):
 * the count and size the server also enforces, so a too-large choice is named before anything is sent.
 * The server alone decides whether a file's content is accepted.
 */
import {
  MAX_REPORT_DOCUMENTS_PER_UPLOAD,
  MAX_REPORT_DOCUMENT_BYTES,
  REPORT_DOCUMENT_MESSAGES,
} from '@platform/contracts';

/** Why these files cannot be sent, or null when they can. */
export function checkChosenDocuments(files: readonly Pick<File, 'size'>[]): string | null {
  if (files.length > MAX_REPORT_DOCUMENTS_PER_UPLOAD) return REPORT_DOCUMENT_MESSAGES.tooMany;
  if (files.some((file) => file.size > MAX_REPORT_DOCUMENT_BYTES)) return REPORT_DOCUMENT_MESSAGES.tooLarge;
  return null;
}

/** '1.2 MB', '830 KB', '120 bytes'. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

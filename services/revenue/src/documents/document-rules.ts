/**
 * What a supporting document may be, decided from its first bytes by the kit's `detectMediaType`, never
 * from its name or the type the browser states (docs/behaviour/revenue-share.md#supporting-documents).
 * CSV has no signature: it is accepted only when named .csv and its bytes are plain UTF-8 text, so markup
 * (HTML, SVG) is refused whatever it is called.
 */
import { MAX_REPORT_DOCUMENT_BYTES, REPORT_DOCUMENT_MESSAGES } from '@platform/contracts';
import type { ContentVerdict } from '@platform/service-kit/http';
import { detectMediaType, isPlainTextContent } from '@platform/service-kit/storage';

export interface DocumentRule {
  maxBytes: number;
}

export const DOCUMENT_RULE: DocumentRule = { maxBytes: MAX_REPORT_DOCUMENT_BYTES };

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ODS = 'application/vnd.oasis.opendocument.spreadsheet';
const XLS = 'application/vnd.ms-excel';
const CSV = 'text/csv; charset=utf-8';

/** Detected media type → the type the file is stored and served with, and its extension in the key. */
const ACCEPTED: Record<string, { contentType: string; extension: string }> = {
  'application/pdf': { contentType: 'application/pdf', extension: 'pdf' },
  'image/jpeg': { contentType: 'image/jpeg', extension: 'jpg' },
  'image/png': { contentType: 'image/png', extension: 'png' },
  'image/webp': { contentType: 'image/webp', extension: 'webp' },
  'image/heic': { contentType: 'image/heic', extension: 'heic' },
  'image/heic-sequence': { contentType: 'image/heic', extension: 'heic' },
  'image/heif': { contentType: 'image/heif', extension: 'heic' },
  'image/heif-sequence': { contentType: 'image/heif', extension: 'heic' },
  [XLSX]: { contentType: XLSX, extension: 'xlsx' },
  [ODS]: { contentType: ODS, extension: 'ods' },
  // Excel 97–2003 workbooks are Compound File Binary containers.
  'application/x-cfb': { contentType: XLS, extension: 'xls' },
  [XLS]: { contentType: XLS, extension: 'xls' },
};

export async function judgeDocument(head: Buffer, fileName: string): Promise<ContentVerdict> {
  if (head.length === 0) return { ok: false, reason: REPORT_DOCUMENT_MESSAGES.empty };
  const detected = await detectMediaType(head);
  if (detected) {
    const accepted = ACCEPTED[detected];
    return accepted
      ? { ok: true, contentType: accepted.contentType, extension: accepted.extension }
      : { ok: false, reason: REPORT_DOCUMENT_MESSAGES.notAllowed };
  }
  if (/\.csv$/i.test(fileName) && isPlainTextContent(head)) {
    return { ok: true, contentType: CSV, extension: 'csv' };
  }
  return { ok: false, reason: REPORT_DOCUMENT_MESSAGES.notAllowed };
}

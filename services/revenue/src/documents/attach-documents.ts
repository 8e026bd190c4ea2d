/**
 * `POST /api/revenue-reports/:id/documents`: stores the supporting documents of one upload for the
 * caller's own report and records them. 200 with what was kept and what was refused; 400 when nothing was
 * kept; 413 for too many or too large files (nothing is kept then either).
 */
import { randomUUID } from 'node:crypto';
import {
  MAX_REPORT_DOCUMENTS_PER_UPLOAD,
  REPORT_DOCUMENT_MESSAGES,
  documentsAttachedText,
  plainText,
  type AttachReportDocumentsResponse,
} from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { receiveRequestFiles, refuseEmptyUpload } from '@platform/service-kit/http';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Request } from 'express';
import { z } from 'zod';
import type { RevenueConfig } from '../config.js';
import type { RevenueReportRow } from '../db/schema.js';
import { DOCUMENT_RULE, judgeDocument, type DocumentRule } from './document-rules.js';
import { insertDocuments } from './documents.repository.js';
import { toReportDocument } from './to-document-views.js';

const PlainNameSchema = plainText(z.string());

/** The uploaded name as stored: plain text only (the kit already dropped folders and control characters). */
function storedName(fileName: string): string {
  if (PlainNameSchema.safeParse(fileName).success) return fileName;
  // Lone surrogates and anything else the text rules refuse become '_'.
  const cleaned = Array.from(fileName, (char) => (PlainNameSchema.safeParse(char).success ? char : '_')).join(
    '',
  );
  return cleaned.trim() || 'document';
}

export async function attachDocuments(
  deps: ServiceDeps<RevenueConfig>,
  req: Request,
  report: RevenueReportRow,
): Promise<AttachReportDocumentsResponse> {
  const upload = await receiveRequestFiles<DocumentRule>(deps, {
    req,
    keyPrefix: `revenue-reports/${report.id}`,
    maxFiles: MAX_REPORT_DOCUMENTS_PER_UPLOAD,
    ruleFor: ({ fieldName }) =>
      fieldName === 'files' ? DOCUMENT_RULE : REPORT_DOCUMENT_MESSAGES.unexpectedField,
    judge: (head, part) => judgeDocument(head, part.fileName),
    messages: {
      notMultipart: REPORT_DOCUMENT_MESSAGES.notMultipart,
      tooMany: REPORT_DOCUMENT_MESSAGES.tooMany,
      tooLarge: () => REPORT_DOCUMENT_MESSAGES.tooLarge,
    },
  });
  const { stored, rejected, logger } = upload;
  // Too many or too large is the whole upload's 413: nothing is kept, so the owner sends a fitting set.
  const oversize = rejected.find(
    (file) =>
      file.reason === REPORT_DOCUMENT_MESSAGES.tooMany || file.reason === REPORT_DOCUMENT_MESSAGES.tooLarge,
  );
  if (oversize) {
    await upload.discard();
    throw new AppError('payload_too_large', oversize.reason, [
      { path: oversize.fileName, message: oversize.reason },
    ]);
  }
  refuseEmptyUpload(upload, REPORT_DOCUMENT_MESSAGES);

  const now = deps.clock.now();
  // A millisecond apart, so listings keep the order they were sent in.
  const rows = stored.map((file, index) => ({
    id: randomUUID(),
    reportId: report.id,
    objectKey: file.objectKey,
    originalName: storedName(file.originalName),
    contentType: file.contentType,
    size: file.size,
    clientFileId: file.clientId,
    uploadedAt: new Date(now.getTime() + index),
  }));
  const { recorded, duplicates } = await upload.recordOrDiscard(() =>
    insertDocuments(deps.db, report.id, rows),
  );
  // Sent again after a lost answer: the document recorded the first time stands, this copy goes.
  await upload.discardObjects(duplicates.map((row) => row.objectKey));
  logger.info(
    {
      reportId: report.id,
      stored: rows.length - duplicates.length,
      again: duplicates.length,
      rejected: rejected.length,
    },
    'revenue report documents attached',
  );
  return {
    success: true,
    message: documentsAttachedText(recorded.length),
    documents: recorded.map(toReportDocument),
    rejected,
  };
}

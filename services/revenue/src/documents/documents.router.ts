/**
 * Supporting documents on a monthly report (docs/behaviour/revenue-share.md#supporting-documents):
 *
 *   POST /api/revenue-reports/:id/documents                 the report's owner (401 visitors, 404 others)
 *   GET  /api/revenue-reports/:id/documents/:documentId     the report's owner or an admin, as an attachment
 */
import {
  REPORT_DOCUMENT_MESSAGES,
  ReportDocumentParamsSchema,
  ReportDocumentsParamsSchema,
} from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { noStore, routesWith, serveObject, validate } from '@platform/service-kit/http';
import { requireUser } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import { requireStore } from '@platform/service-kit/storage';
import type { Router } from 'express';
import type { RevenueConfig } from '../config.js';
import { findReport } from '../reports/reports.repository.js';
import { attachDocuments } from './attach-documents.js';
import { findDocument } from './documents.repository.js';

export function documentRoutes(router: Router, deps: ServiceDeps<RevenueConfig>): void {
  const signedIn = routesWith(router, { cache: noStore, access: requireUser });
  // A download says how it may be cached itself (serveObject).
  const downloads = routesWith(router, { access: requireUser });

  signedIn.post(
    '/api/revenue-reports/:id/documents',
    validate({ params: ReportDocumentsParamsSchema }),
    async (req, res) => {
      const report = await findReport(deps.db, req.params.id);
      // Another owner's report is answered as if it did not exist.
      if (!report || report.userId !== req.caller.userId) {
        throw new AppError('not_found', REPORT_DOCUMENT_MESSAGES.reportNotFound);
      }
      res.json(await attachDocuments(deps, req, report));
    },
  );

  downloads.get(
    '/api/revenue-reports/:id/documents/:documentId',
    validate({ params: ReportDocumentParamsSchema }),
    async (req, res) => {
      const report = await findReport(deps.db, req.params.id);
      const allowed = report && (report.userId === req.caller.userId || req.caller.role === 'admin');
      if (!allowed) throw new AppError('not_found', REPORT_DOCUMENT_MESSAGES.documentNotFound);
      const document = await findDocument(deps.db, report.id, req.params.documentId);
      if (!document) throw new AppError('not_found', REPORT_DOCUMENT_MESSAGES.documentNotFound);
      const store = requireStore(deps.store);
      await serveObject(req, res, {
        store,
        key: document.objectKey,
        contentType: document.contentType,
        disposition: 'attachment',
        filename: document.originalName,
        notFoundMessage: REPORT_DOCUMENT_MESSAGES.documentNotFound,
      });
    },
  );
}

/**
 * The signed agreement as a PDF (docs/behaviour/revenue-share.md#the-signed-agreement; contract in
 * `@platform/contracts` http/revenue/agreement.ts):
 *
 *   GET /api/revenue-share/agreement.pdf                    the signed-in owner's own; 404 before consent
 *   GET /api/admin/revenue-customers/:id/agreement.pdf      the admin's copy; 404 for an unknown customer
 *
 * Drawn from the agreement recorded at consent each time it is read (docs/decisions.md, 111), so the owner's
 * copy, the admin's and the e-mailed one are the same file.
 */
import {
  AGREEMENT_MESSAGES,
  AGREEMENT_PDF_PATH,
  agreementFileName,
  CustomerIdParamsSchema,
  REVENUE_ADMIN_MESSAGES,
} from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import { noStore, routesWith, sendPdf, validate } from '@platform/service-kit/http';
import { requireAdmin, requireUser } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Response, Router } from 'express';
import type { RevenueConfig } from '../config.js';
import { findAgreementOfUser } from './agreements.repository.js';
import { renderAgreementPdf } from './render-agreement-pdf.js';

async function sendAgreement(db: Executor, res: Response, userId: string, notFound: string): Promise<void> {
  const agreement = await findAgreementOfUser(db, userId);
  if (!agreement) throw new AppError('not_found', notFound);
  sendPdf(res, await renderAgreementPdf(agreement), agreementFileName(agreement.termsVersion));
}

export function agreementRoutes(router: Router, deps: ServiceDeps<RevenueConfig>): void {
  const signedIn = routesWith(router, { cache: noStore, access: requireUser });
  const admin = routesWith(router, { cache: noStore, access: requireAdmin });

  signedIn.get(AGREEMENT_PDF_PATH, (req, res) =>
    sendAgreement(deps.db, res, req.caller.userId, AGREEMENT_MESSAGES.notOnPlan),
  );

  admin.get(
    '/api/admin/revenue-customers/:id/agreement.pdf',
    validate({ params: CustomerIdParamsSchema }),
    (req, res) => sendAgreement(deps.db, res, req.params.id, REVENUE_ADMIN_MESSAGES.customerNotFound),
  );
}

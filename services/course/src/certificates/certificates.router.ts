/**
 * Certificates (docs/behaviour/member-learning.md#certificates): the public verification (name, course and
 * date only; 404 for anything else), the caller's own list, and the PDF for its learner or the admin.
 */
import {
  CERTIFICATE_NOT_FOUND_MESSAGE,
  CERTIFICATE_SIGN_IN_PATH,
  CertificateIdParamsSchema,
  type CertificateVerification,
  type MyCertificate,
} from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { pickFields } from '@platform/service-kit/db';
import { requireUser } from '@platform/service-kit/identity';
import { routesWith, sendPdf, validate, type Middleware } from '@platform/service-kit/http';
import { type ServiceDeps } from '@platform/service-kit/runtime';
import type { Router } from 'express';
import type { CourseConfig } from '../config.js';
import type { CertificateRow } from '../db/schema.js';
import { findCertificate, listCertificatesOf } from './certificates.repository.js';
import { renderCertificatePdf } from './render-certificate-pdf.js';

const certificateId = validate(
  { params: CertificateIdParamsSchema },
  { notFound: CERTIFICATE_NOT_FOUND_MESSAGE },
);

/**
 * The PDF link travels by e-mail: a signed-out browser that opens it is sent to sign in (303 to /login,
 * which leads to the dashboard's certificate card) instead of reading a JSON 401; a script still gets the
 * 401 (docs/decisions.md, 93).
 */
const signInFirst: Middleware = (req, res, next) => {
  if (req.caller.kind !== 'user' && req.accepts(['json', 'html']) === 'html') {
    res.set('Cache-Control', 'no-store');
    res.redirect(303, CERTIFICATE_SIGN_IN_PATH);
    return;
  }
  next();
};

function toMyCertificate(row: CertificateRow): MyCertificate {
  return {
    ...pickFields(row, ['id', 'courseId', 'learnerName', 'courseTitle']),
    issuedAt: row.issuedAt.toISOString(),
  };
}

export function certificateRoutes(router: Router, deps: ServiceDeps<CourseConfig>): void {
  const signedIn = routesWith(router, { access: requireUser });

  signedIn.get('/api/certificates', async (req, res) => {
    res.set('Cache-Control', 'private, no-store');
    res.json((await listCertificatesOf(deps.db, req.caller.userId)).map(toMyCertificate));
  });

  router.get('/api/certificates/:id', certificateId, async (req, res) => {
    const found = await findCertificate(deps.db, req.params.id);
    if (!found) throw new AppError('not_found', CERTIFICATE_NOT_FOUND_MESSAGE);
    const answer: CertificateVerification = {
      ...pickFields(found, ['learnerName', 'courseTitle']),
      issuedAt: found.issuedAt.toISOString(),
    };
    res.set('Cache-Control', 'no-store');
    res.json(answer);
  });

  // Its chain is spelled out: `signInFirst` has to answer a browser before the access check does.
  router.get('/api/certificates/:id/pdf', signInFirst, requireUser, certificateId, async (req, res) => {
    const found = await findCertificate(deps.db, req.params.id);
    // Someone else's certificate is not theirs to download: the same 404 as an unknown id.
    if (!found || (found.userId !== req.caller.userId && req.caller.role !== 'admin')) {
      throw new AppError('not_found', CERTIFICATE_NOT_FOUND_MESSAGE);
    }
    const pdf = await renderCertificatePdf(found, { publicBaseUrl: deps.config.PUBLIC_BASE_URL });
    sendPdf(res, pdf, `certificate-${found.id}.pdf`);
  });
}

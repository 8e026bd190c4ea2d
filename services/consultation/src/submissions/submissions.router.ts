/**
 * The consultation form, its files and the review (docs/behaviour/consultation-and-contact.md#api-calls;
 * contracts in `@platform/contracts` http/consultation):
 *
 *   POST /api/consultation                      step 1 (visitors too; limited per client address)
 *   POST /api/consultation/:id/upload           step 2 files (multipart `fileType` + `files`)
 *   POST /api/consultation/:id/additional-files /additional-upload (multipart images/videos/documents)
 *   POST /api/consultation/:id/complete         'Complete Submission & Send Confirmation'
 *   GET  /api/my-consultations                  the caller's own (401 for visitors)
 *   GET  /api/consultations                     admin: all
 *   POST /api/consultations/:id/respond         admin: status, notes, response
 */
import {
  ConsultationRequestSchema,
  RespondConsultationRequestSchema,
  type AdminConsultation,
  type MyConsultation,
} from '@platform/contracts';
import { AppError, clientAddress, requireAdmin, requireUser, type ServiceDeps } from '@platform/service-kit';
import type { Request, RequestHandler, Response, Router } from 'express';
import type { ConsultationConfig } from '../config.js';
import { jsonBody, parseInput } from '../http/parse.js';
import { consumeOrRefuse, type RateLimits } from '../http/rate-limits.js';
import { addFiles, type UploadMode } from '../uploads/add-files.js';
import type { FileRules } from '../uploads/file-rules.js';
import { authorizeSubmission } from './authorize-submission.js';
import { completeConsultation } from './complete-consultation.js';
import { respondToConsultation } from './respond-to-consultation.js';
import { submitConsultation } from './submit-consultation.js';
import { listAllSubmissions, listFilesOf, listSubmissionsOwnedBy } from './submissions.repository.js';
import { groupFiles, toAdminConsultation, toMyConsultation } from './to-views.js';

const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

export function submissionRoutes(
  router: Router,
  deps: ServiceDeps<ConsultationConfig>,
  limits: RateLimits,
  rules: FileRules,
): void {
  router.post('/api/consultation', noStore, jsonBody, async (req, res) => {
    const request = parseInput(ConsultationRequestSchema, req.body);
    await consumeOrRefuse(limits.submissions, clientAddress(req));
    const answer = await submitConsultation(deps, {
      request,
      userId: req.caller.kind === 'user' ? req.caller.userId : null,
      requestId: String(req.id),
    });
    res.json(answer);
  });

  const upload = (mode: UploadMode) => async (req: Request, res: Response) => {
    const { submission } = await authorizeSubmission(deps.db, req, String(req.params.id), deps.clock.now());
    res.json(await addFiles(deps, rules, req, submission, mode));
  };
  router.post('/api/consultation/:id/upload', noStore, upload('upload'));
  router.post('/api/consultation/:id/additional-files', noStore, upload('additional'));

  router.post('/api/consultation/:id/complete', noStore, async (req, res) => {
    const { submission } = await authorizeSubmission(deps.db, req, String(req.params.id), deps.clock.now());
    res.json(await completeConsultation(deps, submission, String(req.id)));
  });

  router.get('/api/my-consultations', noStore, requireUser, async (req, res) => {
    if (req.caller.kind !== 'user') return;
    const rows = await listSubmissionsOwnedBy(deps.db, {
      userId: req.caller.userId,
      email: req.caller.emailVerified ? req.caller.email.toLowerCase() : null,
    });
    const files = groupFiles(
      await listFilesOf(
        deps.db,
        rows.map((row) => row.id),
      ),
    );
    const body: MyConsultation[] = rows.map((row) => toMyConsultation(row, files.get(row.id) ?? []));
    res.json(body);
  });

  router.get('/api/consultations', noStore, requireAdmin, async (_req, res) => {
    const rows = await listAllSubmissions(deps.db);
    const files = groupFiles(
      await listFilesOf(
        deps.db,
        rows.map((row) => row.id),
      ),
    );
    const body: AdminConsultation[] = rows.map((row) => toAdminConsultation(row, files.get(row.id) ?? []));
    res.json(body);
  });

  router.post('/api/consultations/:id/respond', noStore, requireAdmin, jsonBody, async (req, res) => {
    const request = parseInput(RespondConsultationRequestSchema, req.body);
    // Only an id of the kind we issue is looked up (a NUL byte would fail in the database).
    const id = String(req.params.id);
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new AppError('not_found', 'Consultation not found');
    res.json(await respondToConsultation(deps, id, request, String(req.id)));
  });
}

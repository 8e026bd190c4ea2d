/**
 * The consultation form, its files and the review (docs/behaviour/consultation-and-contact.md#api-calls;
 * contracts in `@platform/contracts` http/consultation):
 *
 *   POST /api/consultation                      step 1 (visitors too; limited per client address; sent
 *                                               again under its `requestId`: the same submission, uncounted)
 *   POST /api/consultation/:id/upload           step 2 files (multipart `fileType` + `files`)
 *   POST /api/consultation/:id/additional-files /additional-upload (multipart images/videos/documents)
 *   POST /api/consultation/:id/complete         'Complete Submission & Send Confirmation'
 *   POST /api/consultation/:id/continue-later   'Continue Later': e-mails a link back to step 2
 *   GET  /api/consultation/:id/progress         whether a remembered request is still open
 *   GET  /api/my-consultations                  the caller's own (401 for visitors)
 *   GET  /api/consultations                     admin: all
 *   POST /api/consultations/:id/respond         admin: status, notes, response
 */
import {
  ConsultationIdParamsSchema,
  ConsultationRequestSchema,
  RespondConsultationRequestSchema,
  type AdminConsultation,
  type CompleteConsultationResponse,
  type ConsultationProgress,
  type MyConsultation,
} from '@platform/contracts';
import { noStore, routesWith, validate } from '@platform/service-kit/http';
import { requireAdmin, requireUser } from '@platform/service-kit/identity';
import { clientKeyOf, takeOrRefuse } from '@platform/service-kit/rate-limits';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Request, Response, Router } from 'express';
import type { ConsultationConfig } from '../config.js';
import type { RateLimits } from '../http/rate-limits.js';
import { addFiles, type UploadMode } from '../uploads/add-files.js';
import type { FileRules } from '../uploads/file-rules.js';
import { authorizeSubmission, isOwner } from './authorize-submission.js';
import { completeConsultation } from './complete-consultation.js';
import { continueLater } from './continue-later.js';
import { respondToConsultation } from './respond-to-consultation.js';
import { findStepOneSentAgain, submitConsultation } from './submit-consultation.js';
import {
  listAllSubmissions,
  listFilesBySubmission,
  listSubmissionsOwnedBy,
} from './submissions.repository.js';
import { toAdminConsultation, toMyConsultation } from './to-views.js';

export function submissionRoutes(
  router: Router,
  deps: ServiceDeps<ConsultationConfig>,
  limits: RateLimits,
  rules: FileRules,
): void {
  const anyone = routesWith(router, { cache: noStore });
  const signedIn = routesWith(router, { cache: noStore, access: requireUser });
  const admin = routesWith(router, { cache: noStore, access: requireAdmin });

  anyone.post('/api/consultation', validate({ body: ConsultationRequestSchema }), async (req, res) => {
    // Visitors may send the form too; a signed-in sender owns what they sent.
    const userId = req.caller.kind === 'user' ? req.caller.userId : null;
    // Step 1 sent again under its id is not another request: it is answered even past the limit, and a
    // resend found only on inserting (two sends at once) gives its use back.
    const key = clientKeyOf(req);
    const known = (await findStepOneSentAgain(deps.db, req.body, userId)) !== null;
    if (!known) await takeOrRefuse(limits.submissions, key);
    const { answer, sentAgain } = await submitConsultation(deps, {
      request: req.body,
      userId,
      requestId: String(req.id),
    });
    if (sentAgain && !known) await limits.submissions.giveBack(key);
    res.json(answer);
  });

  // A malformed id names no submission: the same 404 as an unknown one.
  const submissionId = validate({ params: ConsultationIdParamsSchema });
  const upload = (mode: UploadMode) => async (req: Request<{ id: string }>, res: Response) => {
    const { submission } = await authorizeSubmission(deps.db, req, req.params.id, deps.clock.now());
    res.json(await addFiles(deps, rules, req, submission, mode));
  };
  anyone.post('/api/consultation/:id/upload', submissionId, upload('upload'));
  anyone.post('/api/consultation/:id/additional-files', submissionId, upload('additional'));

  anyone.post('/api/consultation/:id/complete', submissionId, async (req, res) => {
    const { submission } = await authorizeSubmission(deps.db, req, req.params.id, deps.clock.now());
    const answer = await completeConsultation(deps, submission, String(req.id));
    const body: CompleteConsultationResponse = {
      ...answer,
      inMyConsultations: isOwner(req.caller, submission),
    };
    res.json(body);
  });

  anyone.post('/api/consultation/:id/continue-later', submissionId, async (req, res) => {
    const { submission } = await authorizeSubmission(deps.db, req, req.params.id, deps.clock.now());
    res.json(await continueLater(deps, limits, submission, String(req.id)));
  });

  // Whether a request the browser remembers is still open, so the page offers to continue only then.
  anyone.get('/api/consultation/:id/progress', submissionId, async (req, res) => {
    const { submission } = await authorizeSubmission(deps.db, req, req.params.id, deps.clock.now());
    const body: ConsultationProgress = {
      submissionId: submission.id,
      businessName: submission.businessName,
      completed: submission.confirmedAt !== null,
    };
    res.json(body);
  });

  signedIn.get('/api/my-consultations', async (req, res) => {
    const rows = await listSubmissionsOwnedBy(deps.db, {
      userId: req.caller.userId,
      email: req.caller.emailVerified ? req.caller.email.toLowerCase() : null,
    });
    const filesOf = await listFilesBySubmission(deps.db, rows);
    const body: MyConsultation[] = rows.map((row) => toMyConsultation(row, filesOf(row.id)));
    res.json(body);
  });

  admin.get('/api/consultations', async (_req, res) => {
    const rows = await listAllSubmissions(deps.db);
    const filesOf = await listFilesBySubmission(deps.db, rows);
    const body: AdminConsultation[] = rows.map((row) => toAdminConsultation(row, filesOf(row.id)));
    res.json(body);
  });

  admin.post(
    '/api/consultations/:id/respond',
    // A response may run to 20,000 characters (and notes to 10,000): more than the usual body limit.
    validate(
      { params: ConsultationIdParamsSchema, body: RespondConsultationRequestSchema },
      { limit: '64kb' },
    ),
    async (req, res) => {
      res.json(await respondToConsultation(deps, req.params.id, req.body, String(req.id)));
    },
  );
}

/**
 * The consultation thread (docs/behaviour/consultation-and-contact.md#the-consultation-thread;
 * docs/decisions.md, 97):
 *
 *   GET  /api/consultations/:id/messages         the owner: the whole thread, oldest first (404 for others)
 *   POST /api/consultations/:id/messages         the owner writes `{ body }`; support is e-mailed
 *   GET  /api/admin/consultations/:id/messages   admin (403 for others)
 *   POST /api/admin/consultations/:id/messages   admin writes `{ body }`; the owner is e-mailed
 *
 * Writing is limited per person (`CONSULTATION_MESSAGES_PER_HOUR`).
 */
import {
  ConsultationIdParamsSchema,
  PostConsultationMessageRequestSchema,
  UPLOAD_MESSAGES,
  type ConsultationMessage,
  type ConsultationMessageAuthor,
  type ConsultationThread,
} from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { validate } from '@platform/service-kit/http';
import { requireAdmin, requireUser, type UserCaller } from '@platform/service-kit/identity';
import { takeOrRefuse } from '@platform/service-kit/rate-limits';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Router } from 'express';
import type { ConsultationConfig } from '../config.js';
import { noStore } from '../http/no-store.js';
import type { RateLimits } from '../http/rate-limits.js';
import { isOwner } from '../submissions/authorize-submission.js';
import { findSubmission, type SubmissionRow } from '../submissions/submissions.repository.js';
import { listMessagesOf } from './messages.repository.js';
import { postMessage } from './post-message.js';
import { toConsultationMessage } from './to-message-view.js';

export function messageRoutes(
  router: Router,
  deps: ServiceDeps<ConsultationConfig>,
  limits: RateLimits,
): void {
  /** The submission a side may see: the admin any, an owner only their own (else the same 404). */
  async function submissionFor(
    author: ConsultationMessageAuthor,
    caller: UserCaller,
    id: string,
  ): Promise<SubmissionRow> {
    const submission = await findSubmission(deps.db, id);
    if (!submission || (author === 'owner' && !isOwner(caller, submission))) {
      throw new AppError('not_found', UPLOAD_MESSAGES.notFound);
    }
    return submission;
  }

  async function readThread(
    author: ConsultationMessageAuthor,
    caller: UserCaller,
    id: string,
  ): Promise<ConsultationThread> {
    const submission = await submissionFor(author, caller, id);
    const rows = await listMessagesOf(deps.db, submission.id);
    return rows.map((row) => toConsultationMessage(row, submission));
  }

  async function write(
    author: ConsultationMessageAuthor,
    caller: UserCaller,
    id: string,
    body: string,
    requestId: string,
  ): Promise<ConsultationMessage> {
    const submission = await submissionFor(author, caller, id);
    await takeOrRefuse(limits.messages, `user:${caller.userId}`);
    return postMessage(deps, { submission, author, authorUserId: caller.userId, body, requestId });
  }

  const params = validate({ params: ConsultationIdParamsSchema });
  const posted = validate({
    params: ConsultationIdParamsSchema,
    body: PostConsultationMessageRequestSchema,
  });

  router.get('/api/consultations/:id/messages', noStore, requireUser, params, async (req, res) => {
    res.json(await readThread('owner', req.caller, req.params.id));
  });
  router.post('/api/consultations/:id/messages', noStore, requireUser, posted, async (req, res) => {
    res.status(201).json(await write('owner', req.caller, req.params.id, req.body.body, String(req.id)));
  });
  router.get('/api/admin/consultations/:id/messages', noStore, requireAdmin, params, async (req, res) => {
    res.json(await readThread('admin', req.caller, req.params.id));
  });
  router.post('/api/admin/consultations/:id/messages', noStore, requireAdmin, posted, async (req, res) => {
    res.status(201).json(await write('admin', req.caller, req.params.id, req.body.body, String(req.id)));
  });
}

/**
 * The consultation thread (docs/behaviour/consultation-and-contact.md#the-consultation-thread;
 * docs/decisions.md, 97):
 *
 *   GET  /api/consultations/:id/messages         the owner: the whole thread, oldest first (404 for others)
 *   POST /api/consultations/:id/messages         the owner writes `{ body, messageId? }`; support is e-mailed
 *   GET  /api/admin/consultations/:id/messages   admin (403 for others)
 *   POST /api/admin/consultations/:id/messages   admin writes `{ body }`, or multipart `body` + `files`
 *                                                (docs/decisions.md, 107); the owner is e-mailed
 *   GET  /api/consultation-message-files/:fileId a message's file, for the submission's owner and admins
 *                                                (404 for anyone else)
 *
 * Writing is limited per person (`CONSULTATION_MESSAGES_PER_HOUR`); a message sent again under its id does not
 * count.
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
import { noStore, routesWith, validate } from '@platform/service-kit/http';
import { requireAdmin, requireUser, type UserCaller } from '@platform/service-kit/identity';
import { takeOrRefuse } from '@platform/service-kit/rate-limits';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Request, Router } from 'express';
import type { ConsultationConfig } from '../config.js';
import type { RateLimits } from '../http/rate-limits.js';
import { isOwner } from '../submissions/authorize-submission.js';
import { findSubmission, type SubmissionRow } from '../submissions/submissions.repository.js';
import { storedFileRoute } from '../uploads/stored-file-route.js';
import {
  findMessage,
  findMessageFileWithSubmission,
  listFilesOfMessages,
  listMessagesOf,
} from './messages.repository.js';
import { postMessage } from './post-message.js';
import { receiveMessageWithFiles, type ReceivedMessage } from './receive-message-files.js';
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
    const files = await listFilesOfMessages(
      deps.db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toConsultationMessage(row, submission, files));
  }

  async function write(
    author: ConsultationMessageAuthor,
    caller: UserCaller,
    id: string,
    req: Request,
    /** The message, read only once the caller may write and is within the limit. */
    receive: () => Promise<ReceivedMessage>,
    /** The id a JSON message names, known before the limit is taken. */
    sentId?: string,
  ): Promise<ConsultationMessage> {
    const submission = await submissionFor(author, caller, id);
    // A message sent again under its id is not another message: it is answered even past the limit, and a
    // resend found only once read (a multipart answer, or two sends at once) gives its use back.
    const key = `user:${caller.userId}`;
    const earlier = sentId === undefined ? null : await findMessage(deps.db, sentId);
    const known = earlier?.submissionId === submission.id && earlier.authorUserId === caller.userId;
    if (!known) await takeOrRefuse(limits.messages, key);
    let discard: (() => Promise<void>) | undefined;
    let postedNow = false;
    try {
      const received = await receive();
      discard = received.discard;
      const { message, sentAgain } = await postMessage(deps, {
        submission,
        author,
        authorUserId: caller.userId,
        body: received.body,
        messageId: received.messageId,
        files: received.files,
        requestId: String(req.id),
      });
      postedNow = !sentAgain;
      // Sent again: the files recorded the first time stand, these copies go.
      if (sentAgain) await discard?.();
      return message;
    } catch (error) {
      await discard?.();
      throw error;
    } finally {
      // Only a message posted now counts: one refused (its files, its text), broken off or failed, whose
      // page sends it again, does not use the hour's messages twice.
      if (!known && !postedNow) await limits.messages.giveBack(key);
    }
  }

  const params = validate({ params: ConsultationIdParamsSchema });
  const posted = validate({
    params: ConsultationIdParamsSchema,
    body: PostConsultationMessageRequestSchema,
  });

  const signedIn = routesWith(router, { cache: noStore, access: requireUser });
  const admin = routesWith(router, { cache: noStore, access: requireAdmin });

  signedIn.get('/api/consultations/:id/messages', params, async (req, res) => {
    res.json(await readThread('owner', req.caller, req.params.id));
  });
  signedIn.post('/api/consultations/:id/messages', posted, async (req, res) => {
    const sent = async () => req.body;
    res.status(201).json(await write('owner', req.caller, req.params.id, req, sent, req.body.messageId));
  });
  admin.get('/api/admin/consultations/:id/messages', params, async (req, res) => {
    res.json(await readThread('admin', req.caller, req.params.id));
  });
  // A multipart answer carries files; a JSON one goes on to the plain route.
  admin.post(
    '/api/admin/consultations/:id/messages',
    (req, _res, next) => next(req.is('multipart/form-data') ? undefined : 'route'),
    params,
    async (req, res) => {
      const receive = () => receiveMessageWithFiles(deps, req);
      res.status(201).json(await write('admin', req.caller, req.params.id, req, receive));
    },
  );
  admin.post('/api/admin/consultations/:id/messages', posted, async (req, res) => {
    const sent = async () => req.body;
    res.status(201).json(await write('admin', req.caller, req.params.id, req, sent, req.body.messageId));
  });
  // Anyone but the submission's owner or an admin learns nothing, not even that the file exists.
  storedFileRoute(router, deps, '/api/consultation-message-files/:fileId', {
    find: findMessageFileWithSubmission,
    strangers: 'not_found',
  });
}

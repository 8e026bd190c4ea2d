/**
 * Who may add files to (and complete) a submission (docs/decisions.md, 16): whoever holds its step-1 upload
 * token or a live e-mailed link for it (`X-Upload-Token`), its owner's session, or an admin.
 */
import { UPLOAD_MESSAGES, UPLOAD_TOKEN_HEADER, type Caller } from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import type { Request } from 'express';
import { hashToken } from '../lib/tokens.js';
import { findLiveLink, findSubmission, type SubmissionRow } from './submissions.repository.js';

export type SubmissionAccess = 'upload-token' | 'link' | 'owner' | 'admin';

/**
 * The owner: the user who sent step 1, or an account that has proven it receives mail at the submission's
 * address (signing up with someone's address proves nothing, and would otherwise show their request).
 */
export function isOwner(caller: Caller, submission: SubmissionRow): boolean {
  if (caller.kind !== 'user') return false;
  if (submission.userId === caller.userId) return true;
  return caller.emailVerified === true && submission.email === caller.email.toLowerCase();
}

/**
 * 404 for an unknown submission, 401 with neither token nor session, 403 for the wrong one. The id is
 * one the route validated (ConsultationIdParamsSchema). The token is the request's `X-Upload-Token` unless
 * the caller passes one from elsewhere (a resumable upload's metadata).
 */
export async function authorizeSubmission(
  db: Executor,
  req: Request,
  submissionId: string,
  now: Date,
  token: string | undefined = req.get(UPLOAD_TOKEN_HEADER)?.trim(),
): Promise<{ submission: SubmissionRow; access: SubmissionAccess }> {
  const submission = await findSubmission(db, submissionId);
  if (!submission) throw new AppError('not_found', UPLOAD_MESSAGES.notFound);
  if (token) {
    const hash = hashToken(token);
    if (hash === submission.uploadTokenHash) return { submission, access: 'upload-token' };
    const link = await findLiveLink(db, hash, now);
    if (link?.submissionId === submission.id) return { submission, access: 'link' };
  }
  if (req.caller?.kind === 'user' && req.caller.role === 'admin') return { submission, access: 'admin' };
  if (isOwner(req.caller, submission)) return { submission, access: 'owner' };
  if (token || req.caller?.kind === 'user') throw new AppError('forbidden', UPLOAD_MESSAGES.wrongToken);
  throw new AppError('unauthenticated', UPLOAD_MESSAGES.missingToken);
}

/**
 * 'Continue Later' on step 2: e-mails the submission's address a link back to step 2 (`/consultation?token=`),
 * so a request left half-way can be finished later, on any device. The link is an add-files link (SHA-256
 * stored, live for CONTINUE_LINK_TTL_DAYS) and so authorises the uploads and the completion. Link e-mails
 * to one address share the lookup's hourly budget: past it the answer is the same and nothing is sent.
 */
import {
  CONTINUE_LATER_MESSAGES,
  CONTINUE_LINK_TTL_DAYS,
  UPLOAD_MESSAGES,
  type ContinueLaterResponse,
} from '@platform/contracts';
import { DAY } from '@platform/service-kit/clock';
import { isForeignKeyViolation } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import { enqueueEvent } from '@platform/service-kit/events';
import { REQUEST_ID_HEADER } from '@platform/service-kit/identity';
import { hashedKey } from '@platform/service-kit/rate-limits';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { ConsultationConfig } from '../config.js';
import { outboxEvents } from '../db/schema.js';
import type { RateLimits } from '../http/rate-limits.js';
import { issueLink, type SubmissionRow } from './submissions.repository.js';

export async function continueLater(
  deps: ServiceDeps<ConsultationConfig>,
  limits: RateLimits,
  submission: SubmissionRow,
  requestId?: string,
): Promise<ContinueLaterResponse> {
  if (submission.confirmedAt) throw new AppError('conflict', CONTINUE_LATER_MESSAGES.alreadyCompleted);
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + CONTINUE_LINK_TTL_DAYS * DAY);
  const answer: ContinueLaterResponse = {
    success: true,
    message: CONTINUE_LATER_MESSAGES.sent,
    expiresAt: expiresAt.toISOString(),
  };
  if (!(await limits.lookupEmails.take(hashedKey(submission.email))).allowed) {
    deps.logger.info({ submissionId: submission.id }, 'continue-later e-mail skipped: too many lately');
    return answer;
  }
  await deps.db
    .transaction(async (tx) => {
      const token = await issueLink(tx, { submissionId: submission.id, purpose: 'continue', expiresAt, now });
      await enqueueEvent(
        tx,
        outboxEvents,
        {
          type: 'consultation.continue-link.requested',
          data: {
            submissionId: submission.id,
            email: submission.email,
            ownerName: submission.ownerName,
            businessName: submission.businessName,
            token,
            expiresAt: expiresAt.toISOString(),
            requestedAt: now.toISOString(),
          },
          headers: requestId ? { [REQUEST_ID_HEADER]: requestId } : undefined,
        },
        { clock: deps.clock },
      );
    })
    .catch((error: unknown) => {
      // The request was erased (its owner's account deleted) after the rights were checked: the same 404
      // as an unknown one.
      if (isForeignKeyViolation(error)) throw new AppError('not_found', UPLOAD_MESSAGES.notFound);
      throw error;
    });
  deps.logger.info({ submissionId: submission.id }, 'continue-later link e-mailed');
  return answer;
}

/**
 * Step 1 of /consultation: saves the business information and starts the submission. Step 1 the page sends
 * again under its `requestId` (after an answer lost on the way) is the same submission, started once
 * (docs/decisions.md, 119).
 */
import {
  BUSINESS_EMAIL_MESSAGE,
  CONSULTATION_MESSAGES,
  CONSULTATION_SAVED_MESSAGE,
  CONTINUE_LINK_TTL_DAYS,
  type ConsultationRequestParsed,
  type ConsultationResponse,
} from '@platform/contracts';
import { DAY } from '@platform/service-kit/clock';
import type { Executor } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import { enqueueEvent } from '@platform/service-kit/events';
import { REQUEST_ID_HEADER } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { ConsultationConfig } from '../config.js';
import { outboxEvents } from '../db/schema.js';
import { assertBusinessEmail } from '../lib/business-email.js';
import { hashToken, newId, newToken } from '../lib/tokens.js';
import {
  findSubmissionByClientRequestId,
  issueLink,
  insertSubmissionOnce,
  type SubmissionRow,
} from './submissions.repository.js';
import { submissionOwnerData } from './submission-event-data.js';

export interface SubmitConsultationOptions {
  request: ConsultationRequestParsed;
  /** The signed-in caller, if any. */
  userId: string | null;
  requestId?: string;
}

/** What step 1 stores from the form and the caller, as stored (the address lower-cased). */
function stepOneColumns(request: ConsultationRequestParsed, userId: string | null) {
  return {
    userId,
    businessName: request.businessName,
    ownerName: request.ownerName,
    email: request.email.toLowerCase(),
    phone: request.phone ?? null,
    restaurantName: request.restaurantName,
    restaurantPhone: request.restaurantPhone ?? null,
    location: request.location,
    currentChallenges: request.currentChallenges,
    consultationGoals: request.consultationGoals,
  };
}

/**
 * The submission this step 1 already made, when it is sent again: the one under its `requestId`, sent by
 * the same person (or by a visitor both times) with the same values. Null for anything else.
 */
export async function findStepOneSentAgain(
  db: Executor,
  request: ConsultationRequestParsed,
  userId: string | null,
): Promise<SubmissionRow | null> {
  if (!request.requestId) return null;
  const earlier = await findSubmissionByClientRequestId(db, request.requestId);
  if (!earlier) return null;
  const sent = stepOneColumns(request, userId);
  const keys = Object.keys(sent) as (keyof typeof sent)[];
  return keys.every((key) => earlier[key] === sent[key]) ? earlier : null;
}

export async function submitConsultation(
  deps: ServiceDeps<ConsultationConfig>,
  { request, userId, requestId }: SubmitConsultationOptions,
): Promise<{ answer: ConsultationResponse; sentAgain: boolean }> {
  assertBusinessEmail(request.email, BUSINESS_EMAIL_MESSAGE);
  const uploadToken = newToken();
  const now = deps.clock.now();
  type Started = { inserted: SubmissionRow } | { sentAgain: SubmissionRow; linkToken: string };
  const started = await deps.db.transaction(async (tx): Promise<Started> => {
    const row = await insertSubmissionOnce(tx, {
      id: newId(),
      ...stepOneColumns(request, userId),
      clientRequestId: request.requestId ?? null,
      uploadTokenHash: hashToken(uploadToken),
      submittedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    if (!row) {
      const earlier = await findStepOneSentAgain(tx, request, userId);
      if (!earlier) {
        throw new AppError('conflict', CONSULTATION_MESSAGES.requestIdTaken, [
          { path: 'requestId', message: CONSULTATION_MESSAGES.requestIdTaken },
        ]);
      }
      // The first token is kept only as its hash and may still be in use: this answer gets a link token
      // of its own, which authorises the same steps for as long as a 'Continue Later' link.
      const linkToken = await issueLink(tx, {
        submissionId: earlier.id,
        purpose: 'resend',
        expiresAt: new Date(now.getTime() + CONTINUE_LINK_TTL_DAYS * DAY),
        now,
      });
      return { sentAgain: earlier, linkToken };
    }
    await enqueueEvent(
      tx,
      outboxEvents,
      {
        type: 'consultation.submission.started',
        data: {
          ...submissionOwnerData(row),
          startedAt: now.toISOString(),
        },
        headers: requestId ? { [REQUEST_ID_HEADER]: requestId } : undefined,
      },
      { clock: deps.clock },
    );
    return { inserted: row };
  });
  const [submission, token] =
    'inserted' in started ? [started.inserted, uploadToken] : [started.sentAgain, started.linkToken];
  const sentAgain = 'sentAgain' in started;
  deps.logger.info(
    { submissionId: submission.id, signedIn: userId !== null },
    sentAgain ? 'consultation step 1 sent again' : 'consultation started',
  );
  return {
    answer: {
      success: true,
      submissionId: submission.id,
      message: CONSULTATION_SAVED_MESSAGE,
      uploadToken: token,
    },
    sentAgain,
  };
}

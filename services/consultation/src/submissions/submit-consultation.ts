/** Step 1 of /consultation: saves the business information and starts the submission. */
import {
  BUSINESS_EMAIL_MESSAGE,
  CONSULTATION_SAVED_MESSAGE,
  type ConsultationRequestParsed,
  type ConsultationResponse,
} from '@platform/contracts';
import { enqueueEvent } from '@platform/service-kit/events';
import { REQUEST_ID_HEADER } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { ConsultationConfig } from '../config.js';
import { outboxEvents } from '../db/schema.js';
import { assertBusinessEmail } from '../lib/business-email.js';
import { hashToken, newId, newToken } from '../lib/tokens.js';
import { insertSubmission } from './submissions.repository.js';
import { submissionOwnerData } from './submission-event-data.js';

export interface SubmitConsultationOptions {
  request: ConsultationRequestParsed;
  /** The signed-in caller, if any. */
  userId: string | null;
  requestId?: string;
}

export async function submitConsultation(
  deps: ServiceDeps<ConsultationConfig>,
  { request, userId, requestId }: SubmitConsultationOptions,
): Promise<ConsultationResponse> {
  assertBusinessEmail(request.email, BUSINESS_EMAIL_MESSAGE);
  const uploadToken = newToken();
  const now = deps.clock.now();
  const submission = await deps.db.transaction(async (tx) => {
    const row = await insertSubmission(tx, {
      id: newId(),
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
      uploadTokenHash: hashToken(uploadToken),
      submittedAt: now,
      createdAt: now,
      updatedAt: now,
    });
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
    return row;
  });
  deps.logger.info({ submissionId: submission.id, signedIn: userId !== null }, 'consultation started');
  return { success: true, submissionId: submission.id, message: CONSULTATION_SAVED_MESSAGE, uploadToken };
}

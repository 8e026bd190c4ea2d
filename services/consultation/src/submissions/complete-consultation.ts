/**
 * 'Complete Submission & Send Confirmation': marks the submission sent and asks for the confirmation
 * e-mail (with a fresh add-files link) and the admin's notice. A second press changes and sends nothing.
 */
import {
  COMPLETION_LINK_TTL_DAYS,
  CONSULTATION_COMPLETED_MESSAGE,
  type CompleteConsultationResponse,
} from '@platform/contracts';
import { DAY } from '@platform/service-kit/clock';
import { enqueueEvent } from '@platform/service-kit/events';
import { REQUEST_ID_HEADER } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import { and, eq, isNull } from 'drizzle-orm';
import type { ConsultationConfig } from '../config.js';
import { outboxEvents, submissions } from '../db/schema.js';
import { issueLink, listFilesOf, type SubmissionRow } from './submissions.repository.js';
import { toMyConsultation } from './to-views.js';
import { submissionOwnerData } from './submission-event-data.js';

export async function completeConsultation(
  deps: ServiceDeps<ConsultationConfig>,
  submission: SubmissionRow,
  requestId?: string,
): Promise<Omit<CompleteConsultationResponse, 'inMyConsultations'>> {
  const now = deps.clock.now();
  const completed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(submissions)
      .set({ confirmedAt: now, updatedAt: now })
      .where(and(eq(submissions.id, submission.id), isNull(submissions.confirmedAt)))
      .returning();
    if (!row) return false;
    const token = await issueLink(tx, {
      submissionId: row.id,
      purpose: 'completion',
      expiresAt: new Date(now.getTime() + COMPLETION_LINK_TTL_DAYS * DAY),
      now,
    });
    const view = toMyConsultation(row, await listFilesOf(tx, [row.id]));
    await enqueueEvent(
      tx,
      outboxEvents,
      {
        type: 'consultation.submission.completed',
        data: {
          ...submissionOwnerData(row),
          restaurantName: row.restaurantName,
          location: row.location,
          imageCount: view.imageCount,
          videoCount: view.videoCount,
          documentCount: view.documentCount,
          addFilesToken: token,
          completedAt: now.toISOString(),
        },
        headers: requestId ? { [REQUEST_ID_HEADER]: requestId } : undefined,
      },
      { clock: deps.clock },
    );
    return true;
  });
  if (completed) {
    deps.logger.info({ submissionId: submission.id }, 'consultation completed by its owner');
  }
  return { success: true, message: CONSULTATION_COMPLETED_MESSAGE };
}

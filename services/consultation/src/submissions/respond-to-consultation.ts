/**
 * The admin's review (docs/behaviour/admin.md#reviewing-a-submission): Mark In Review, Mark Completed (needs
 * a response; the owner is e-mailed it), Save Notes (status unchanged). Events go out only on a change the
 * owner or auth cares about: entering in_review, entering completed, or a completed response edited.
 */
import {
  RESPONSE_REQUIRED_MESSAGE,
  type AdminConsultation,
  type RespondConsultationRequest,
} from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { enqueueEvent } from '@platform/service-kit/events';
import { REQUEST_ID_HEADER } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { ConsultationConfig } from '../config.js';
import { outboxEvents } from '../db/schema.js';
import {
  findSubmission,
  listFilesOf,
  updateSubmission,
  type NewSubmissionRow,
} from './submissions.repository.js';
import { toAdminConsultation } from './to-views.js';
import { submissionOwnerData } from './submission-event-data.js';

export async function respondToConsultation(
  deps: ServiceDeps<ConsultationConfig>,
  submissionId: string,
  request: RespondConsultationRequest,
  requestId?: string,
): Promise<AdminConsultation> {
  const now = deps.clock.now();
  const headers = requestId ? { [REQUEST_ID_HEADER]: requestId } : undefined;
  const result = await deps.db.transaction(async (tx) => {
    // Locked: a second press at once (another tab) waits, then sees this change and sends nothing again.
    const current = await findSubmission(tx, submissionId, true);
    if (!current) throw new AppError('not_found', 'Consultation not found');
    const response =
      request.consultationResponse !== undefined
        ? request.consultationResponse
        : current.consultationResponse;
    const patch: Partial<NewSubmissionRow> = { updatedAt: now };
    if (request.adminNotes !== undefined) patch.adminNotes = request.adminNotes;
    if (request.consultationResponse !== undefined) patch.consultationResponse = request.consultationResponse;

    const event: 'reviewed' | 'responded' | null = (() => {
      if (request.status === 'completed') {
        if (!response?.trim()) {
          throw new AppError('invalid', RESPONSE_REQUIRED_MESSAGE, [
            { path: 'consultationResponse', message: RESPONSE_REQUIRED_MESSAGE },
          ]);
        }
        patch.status = 'completed';
        if (current.status !== 'completed') {
          patch.completedAt = now;
          patch.reviewedAt = current.reviewedAt ?? now;
          return 'responded';
        }
        return response !== current.consultationResponse ? 'responded' : null;
      }
      if (request.status === 'in_review') {
        patch.status = 'in_review';
        patch.completedAt = null;
        if (current.status !== 'in_review') {
          patch.reviewedAt = now;
          return 'reviewed';
        }
      }
      return null;
    })();

    const row = (await updateSubmission(tx, current.id, patch))!;
    if (event === 'reviewed') {
      await enqueueEvent(
        tx,
        outboxEvents,
        {
          type: 'consultation.submission.reviewed',
          data: { submissionId: row.id, userId: row.userId, email: row.email, reviewedAt: now.toISOString() },
          headers,
        },
        { clock: deps.clock },
      );
    } else if (event === 'responded') {
      await enqueueEvent(
        tx,
        outboxEvents,
        {
          type: 'consultation.submission.responded',
          data: {
            ...submissionOwnerData(row),
            consultationResponse: row.consultationResponse!.trim(),
            completedAt: (row.completedAt ?? now).toISOString(),
          },
          headers,
        },
        { clock: deps.clock },
      );
    }
    return { view: toAdminConsultation(row, await listFilesOf(tx, [row.id])), event };
  });
  deps.logger.info(
    { submissionId, status: result.view.status, event: result.event },
    'consultation reviewed',
  );
  return result.view;
}

/** A thread row as both pages read it. */
import { CONSULTATION_ADMIN_AUTHOR_NAME, type ConsultationMessage } from '@platform/contracts';
import type { SubmissionRow } from '../submissions/submissions.repository.js';
import type { MessageRow } from './messages.repository.js';

export function toConsultationMessage(
  row: MessageRow,
  submission: Pick<SubmissionRow, 'ownerName'>,
): ConsultationMessage {
  return {
    id: row.id,
    submissionId: row.submissionId,
    author: row.author,
    authorName: row.author === 'admin' ? CONSULTATION_ADMIN_AUTHOR_NAME : submission.ownerName,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  };
}

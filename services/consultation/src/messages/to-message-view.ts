/** A thread row as both pages read it. */
import {
  CONSULTATION_ADMIN_AUTHOR_NAME,
  consultationMessageFilePath,
  type ConsultationMessage,
} from '@platform/contracts';
import type { SubmissionRow } from '../submissions/submissions.repository.js';
import type { MessageFileRow, MessageRow } from './messages.repository.js';

export function toConsultationMessage(
  row: MessageRow,
  submission: Pick<SubmissionRow, 'ownerName'>,
  files: readonly MessageFileRow[] = [],
): ConsultationMessage {
  return {
    id: row.id,
    submissionId: row.submissionId,
    author: row.author,
    authorName: row.author === 'admin' ? CONSULTATION_ADMIN_AUTHOR_NAME : submission.ownerName,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    files: files
      .filter((file) => file.messageId === row.id)
      .map((file) => ({
        id: file.id,
        name: file.originalName,
        size: file.size,
        contentType: file.contentType,
        path: consultationMessageFilePath(file.id),
      })),
  };
}

/**
 * A message in a submission's thread (docs/behaviour/consultation-and-contact.md#the-consultation-thread;
 * docs/decisions.md, 97 and 107): stored with its files' rows and `consultation.message.posted` in one
 * transaction, so the other side is e-mailed exactly once.
 */
import { randomUUID } from 'node:crypto';
import type { ConsultationMessage, ConsultationMessageAuthor } from '@platform/contracts';
import { enqueueEvent } from '@platform/service-kit/events';
import { REQUEST_ID_HEADER } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { ConsultationConfig } from '../config.js';
import { newId } from '../lib/tokens.js';
import { outboxEvents } from '../db/schema.js';
import type { SubmissionRow } from '../submissions/submissions.repository.js';
import { insertMessage, insertMessageFiles, type MessageFileRow } from './messages.repository.js';
import type { MessageFile } from './receive-message-files.js';
import { toConsultationMessage } from './to-message-view.js';

export async function postMessage(
  deps: ServiceDeps<ConsultationConfig>,
  input: {
    submission: SubmissionRow;
    author: ConsultationMessageAuthor;
    authorUserId: string;
    body: string;
    /** Already in the object store (receiveMessageWithFiles). */
    files?: readonly MessageFile[];
    requestId?: string;
  },
): Promise<ConsultationMessage> {
  const { submission } = input;
  const now = deps.clock.now();
  const messageId = randomUUID();
  // A millisecond apart, so the files list in the order sent.
  const files: MessageFileRow[] = (input.files ?? []).map((file, index) => ({
    id: newId(),
    messageId,
    objectKey: file.objectKey,
    originalName: file.originalName,
    contentType: file.contentType,
    size: file.size,
    createdAt: new Date(now.getTime() + index),
  }));
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await insertMessage(tx, {
      id: messageId,
      submissionId: submission.id,
      author: input.author,
      authorUserId: input.authorUserId,
      body: input.body,
      createdAt: now,
    });
    await insertMessageFiles(tx, files);
    await enqueueEvent(
      tx,
      outboxEvents,
      {
        type: 'consultation.message.posted',
        data: {
          messageId: inserted.id,
          submissionId: submission.id,
          author: inserted.author,
          email: submission.email,
          ownerName: submission.ownerName,
          businessName: submission.businessName,
          body: inserted.body,
          fileCount: files.length,
          postedAt: now.toISOString(),
        },
        headers: input.requestId ? { [REQUEST_ID_HEADER]: input.requestId } : undefined,
      },
      { clock: deps.clock },
    );
    return inserted;
  });
  deps.logger.info(
    { submissionId: submission.id, author: row.author, files: files.length },
    'consultation message posted',
  );
  return toConsultationMessage(row, submission, files);
}

/**
 * A message in a submission's thread (docs/behaviour/consultation-and-contact.md#the-consultation-thread;
 * docs/decisions.md, 97 and 107): stored with its files' rows and `consultation.message.posted` in one
 * transaction, so the other side is e-mailed exactly once. A message the page sends again under its id
 * (`messageId`, after an answer lost on the way) is answered as it was posted, and nothing more is kept.
 */
import { randomUUID } from 'node:crypto';
import {
  CONSULTATION_MESSAGE_MESSAGES,
  UPLOAD_MESSAGES,
  type ConsultationMessage,
  type ConsultationMessageAuthor,
} from '@platform/contracts';
import { isForeignKeyViolation, type Executor } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import { enqueueEvent } from '@platform/service-kit/events';
import { REQUEST_ID_HEADER } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { ConsultationConfig } from '../config.js';
import { newId } from '../lib/tokens.js';
import { outboxEvents } from '../db/schema.js';
import type { SubmissionRow } from '../submissions/submissions.repository.js';
import {
  findMessage,
  insertMessageFiles,
  insertMessageOnce,
  listFilesOfMessages,
  type MessageFileRow,
  type MessageRow,
} from './messages.repository.js';
import type { MessageFile } from './receive-message-files.js';
import { toConsultationMessage } from './to-message-view.js';

export async function postMessage(
  deps: ServiceDeps<ConsultationConfig>,
  input: {
    submission: SubmissionRow;
    author: ConsultationMessageAuthor;
    authorUserId: string;
    body: string;
    /** The id the page gave the message: sent again, it is the same message. */
    messageId?: string;
    /** Already in the object store (receiveMessageWithFiles). */
    files?: readonly MessageFile[];
    requestId?: string;
  },
): Promise<{ message: ConsultationMessage; sentAgain: boolean }> {
  const { submission } = input;
  const now = deps.clock.now();
  const messageId = input.messageId ?? randomUUID();
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
  type Posted = { inserted: MessageRow } | { replayOf: MessageRow };
  const posted = await deps.db
    .transaction(async (tx): Promise<Posted> => {
      const inserted = await insertMessageOnce(tx, {
        id: messageId,
        submissionId: submission.id,
        author: input.author,
        authorUserId: input.authorUserId,
        body: input.body,
        createdAt: now,
      });
      if (!inserted) return { replayOf: await sameMessageSentAgain(tx, messageId, input) };
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
      return { inserted };
    })
    .catch((error: unknown) => {
      // The request was erased (its owner's account deleted) after the rights were checked: the same 404 as
      // an unknown one, and the caller removes the files it stored.
      if (isForeignKeyViolation(error)) throw new AppError('not_found', UPLOAD_MESSAGES.notFound);
      throw error;
    });
  if ('replayOf' in posted) {
    deps.logger.info({ submissionId: submission.id, messageId }, 'consultation message sent again');
    const earlierFiles = await listFilesOfMessages(deps.db, [messageId]);
    return { message: toConsultationMessage(posted.replayOf, submission, earlierFiles), sentAgain: true };
  }
  deps.logger.info(
    { submissionId: submission.id, author: posted.inserted.author, files: files.length },
    'consultation message posted',
  );
  return { message: toConsultationMessage(posted.inserted, submission, files), sentAgain: false };
}

/**
 * The message a page sent again under its id: the same author's, on the same submission, with the same
 * text (the page makes a new id when the text changes). Anything else is another message's id: 409.
 */
async function sameMessageSentAgain(
  tx: Executor,
  messageId: string,
  input: { submission: SubmissionRow; authorUserId: string; body: string },
): Promise<MessageRow> {
  const earlier = await findMessage(tx, messageId);
  if (
    !earlier ||
    earlier.submissionId !== input.submission.id ||
    earlier.authorUserId !== input.authorUserId ||
    earlier.body !== input.body
  ) {
    throw new AppError('conflict', CONSULTATION_MESSAGE_MESSAGES.messageIdTaken, [
      { path: 'messageId', message: CONSULTATION_MESSAGE_MESSAGES.messageIdTaken },
    ]);
  }
  return earlier;
}

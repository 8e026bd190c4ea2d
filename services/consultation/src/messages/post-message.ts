/**
 * A message in a submission's thread (docs/behaviour/consultation-and-contact.md#the-consultation-thread;
 * docs/decisions.md, 97): stored with `consultation.message.posted` in one transaction, so the other side
 * is e-mailed exactly once.
 */
import { randomUUID } from 'node:crypto';
import type { ConsultationMessage, ConsultationMessageAuthor } from '@platform/contracts';
import { enqueueEvent } from '@platform/service-kit/events';
import { REQUEST_ID_HEADER } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { ConsultationConfig } from '../config.js';
import { outboxEvents } from '../db/schema.js';
import type { SubmissionRow } from '../submissions/submissions.repository.js';
import { insertMessage } from './messages.repository.js';
import { toConsultationMessage } from './to-message-view.js';

export async function postMessage(
  deps: ServiceDeps<ConsultationConfig>,
  input: {
    submission: SubmissionRow;
    author: ConsultationMessageAuthor;
    authorUserId: string;
    body: string;
    requestId?: string;
  },
): Promise<ConsultationMessage> {
  const { submission } = input;
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await insertMessage(tx, {
      id: randomUUID(),
      submissionId: submission.id,
      author: input.author,
      authorUserId: input.authorUserId,
      body: input.body,
      createdAt: now,
    });
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
          postedAt: now.toISOString(),
        },
        headers: input.requestId ? { [REQUEST_ID_HEADER]: input.requestId } : undefined,
      },
      { clock: deps.clock },
    );
    return inserted;
  });
  deps.logger.info({ submissionId: submission.id, author: row.author }, 'consultation message posted');
  return toConsultationMessage(row, submission);
}

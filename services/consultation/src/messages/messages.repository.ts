/** Queries on a submission's thread and the files on its messages. */
import { findRow, insertOnce, rowsWhereIn, type Executor } from '@platform/service-kit/db';
import { asc, eq } from 'drizzle-orm';
import { messageFiles, submissionMessages, submissions } from '../db/schema.js';
import type { SubmissionRow } from '../submissions/submissions.repository.js';

export type MessageRow = typeof submissionMessages.$inferSelect;
export type NewMessageRow = typeof submissionMessages.$inferInsert;
export type MessageFileRow = typeof messageFiles.$inferSelect;

/** The message as inserted, or null when a message with its id exists already (a message sent again). */
export async function insertMessageOnce(db: Executor, row: NewMessageRow): Promise<MessageRow | null> {
  return insertOnce(db, submissionMessages, row);
}

export async function findMessage(db: Executor, id: string): Promise<MessageRow | null> {
  return findRow(db, submissionMessages, eq(submissionMessages.id, id));
}

export async function insertMessageFiles(db: Executor, rows: MessageFileRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(messageFiles).values(rows);
}

/** Oldest first. */
export async function listMessagesOf(db: Executor, submissionId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(submissionMessages)
    .where(eq(submissionMessages.submissionId, submissionId))
    .orderBy(asc(submissionMessages.createdAt), asc(submissionMessages.id));
}

/** The files of these messages, in the order they were sent. */
export async function listFilesOfMessages(db: Executor, messageIds: string[]): Promise<MessageFileRow[]> {
  return rowsWhereIn(db, messageFiles, messageFiles.messageId, messageIds, [
    asc(messageFiles.createdAt),
    asc(messageFiles.id),
  ]);
}

export async function findMessageFileWithSubmission(
  db: Executor,
  fileId: string,
): Promise<{ file: MessageFileRow; submission: SubmissionRow } | null> {
  const [row] = await db
    .select({ file: messageFiles, submission: submissions })
    .from(messageFiles)
    .innerJoin(submissionMessages, eq(submissionMessages.id, messageFiles.messageId))
    .innerJoin(submissions, eq(submissions.id, submissionMessages.submissionId))
    .where(eq(messageFiles.id, fileId))
    .limit(1);
  return row ?? null;
}

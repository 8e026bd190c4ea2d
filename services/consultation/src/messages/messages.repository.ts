/** Queries on a submission's thread. */
import type { Executor } from '@platform/service-kit/db';
import { asc, eq } from 'drizzle-orm';
import { submissionMessages } from '../db/schema.js';

export type MessageRow = typeof submissionMessages.$inferSelect;
export type NewMessageRow = typeof submissionMessages.$inferInsert;

export async function insertMessage(db: Executor, row: NewMessageRow): Promise<MessageRow> {
  const [inserted] = await db.insert(submissionMessages).values(row).returning();
  return inserted!;
}

/** Oldest first. */
export async function listMessagesOf(db: Executor, submissionId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(submissionMessages)
    .where(eq(submissionMessages.submissionId, submissionId))
    .orderBy(asc(submissionMessages.createdAt), asc(submissionMessages.id));
}

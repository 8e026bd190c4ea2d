/** The finished resumable uploads (`lesson_uploads`). */
import type { Executor } from '@platform/service-kit/db';
import { eq } from 'drizzle-orm';
import { lessonUploads, type LessonUploadRow } from '../db/schema.js';

export async function findLessonUpload(db: Executor, id: string): Promise<LessonUploadRow | null> {
  const [row] = await db.select().from(lessonUploads).where(eq(lessonUploads.id, id));
  return row ?? null;
}

/** Records a finished upload; false when another request recorded it first. */
export async function insertLessonUpload(db: Executor, row: LessonUploadRow): Promise<boolean> {
  const inserted = await db
    .insert(lessonUploads)
    .values(row)
    .onConflictDoNothing({ target: lessonUploads.id })
    .returning({ id: lessonUploads.id });
  return inserted.length > 0;
}

/** The finished resumable uploads (`lesson_uploads`). */
import { findRow, insertOnce, type Executor } from '@platform/service-kit/db';
import { eq } from 'drizzle-orm';
import { lessonUploads, type LessonUploadRow } from '../db/schema.js';

export async function findLessonUpload(db: Executor, id: string): Promise<LessonUploadRow | null> {
  return findRow(db, lessonUploads, eq(lessonUploads.id, id));
}

/** Records a finished upload; false when another request recorded it first. */
export async function insertLessonUpload(db: Executor, row: LessonUploadRow): Promise<boolean> {
  return (await insertOnce(db, lessonUploads, row, lessonUploads.id)) !== null;
}

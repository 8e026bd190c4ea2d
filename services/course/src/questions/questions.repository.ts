/** Queries on `course.lesson_questions`. */
import { insertRow, type Executor } from '@platform/service-kit/db';
import { and, asc, desc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import { courseLessons, courseModules, lessonQuestions, type LessonQuestionRow } from '../db/schema.js';

export async function insertQuestion(db: Executor, row: LessonQuestionRow): Promise<LessonQuestionRow> {
  return insertRow(db, lessonQuestions, row);
}

/** Under a lesson: the caller's own questions and every published answer, oldest first. */
export async function listLessonQuestionsFor(
  db: Executor,
  options: { lessonId: number; userId: string },
): Promise<LessonQuestionRow[]> {
  return db
    .select()
    .from(lessonQuestions)
    .where(
      and(
        eq(lessonQuestions.lessonId, options.lessonId),
        or(eq(lessonQuestions.userId, options.userId), eq(lessonQuestions.isPublished, true)),
      ),
    )
    .orderBy(asc(lessonQuestions.askedAt), asc(lessonQuestions.id));
}

/** The admin's list across the course: open ones oldest first (who waited longest), answered newest first. */
export async function listQuestionsForAdmin(db: Executor, status: 'open' | 'answered') {
  return db
    .select({
      question: lessonQuestions,
      lessonTitle: courseLessons.title,
      moduleTitle: courseModules.title,
    })
    .from(lessonQuestions)
    .innerJoin(courseLessons, eq(courseLessons.id, lessonQuestions.lessonId))
    .innerJoin(courseModules, eq(courseModules.id, courseLessons.moduleId))
    .where(status === 'open' ? isNull(lessonQuestions.answeredAt) : isNotNull(lessonQuestions.answeredAt))
    .orderBy(status === 'open' ? asc(lessonQuestions.askedAt) : desc(lessonQuestions.answeredAt))
    .limit(200);
}

export async function findQuestionWithLesson(db: Executor, id: string) {
  const [row] = await db
    .select({ question: lessonQuestions, lessonTitle: courseLessons.title, moduleTitle: courseModules.title })
    .from(lessonQuestions)
    .innerJoin(courseLessons, eq(courseLessons.id, lessonQuestions.lessonId))
    .innerJoin(courseModules, eq(courseModules.id, courseLessons.moduleId))
    .where(eq(lessonQuestions.id, id));
  return row ?? null;
}

/** Records the answer unless one is there already; null when it was (answered once, e-mailed once). */
export async function answerQuestionRow(
  db: Executor,
  options: { id: string; answer: string; publish: boolean; by: string; at: Date },
): Promise<LessonQuestionRow | null> {
  const [updated] = await db
    .update(lessonQuestions)
    .set({
      answer: options.answer,
      answeredAt: options.at,
      answeredBy: options.by,
      isPublished: options.publish,
    })
    .where(and(eq(lessonQuestions.id, options.id), isNull(lessonQuestions.answeredAt)))
    .returning();
  return updated ?? null;
}

/**
 * Lesson questions (docs/behaviour/member-learning.md#lesson-questions): members (and the admin) ask and
 * read under a lesson open to them; answered once by the admin, which e-mails the asker (`course.question.answered`, through the
 * outbox in the same transaction).
 */
import { randomUUID } from 'node:crypto';
import {
  QUESTION_ALREADY_ANSWERED_MESSAGE,
  QUESTION_NOT_FOUND_MESSAGE,
  type AdminQuestion,
  type AdminQuestionStatus,
  type LessonQuestion,
  type LessonQuestionList,
} from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { enqueueEvent } from '@platform/service-kit/events';
import { type Database, type Executor } from '@platform/service-kit/db';
import { type UserCaller } from '@platform/service-kit/identity';
import { outboxEvents, type LessonQuestionRow } from '../db/schema.js';
import { assertMember } from '../learning/course-access.js';
import { openLesson } from '../learning/learning.service.js';
import {
  answerQuestionRow,
  findQuestionWithLesson,
  insertQuestion,
  listLessonQuestionsFor,
  listQuestionsForAdmin,
} from './questions.repository.js';

interface Call {
  caller: UserCaller;
  now: Date;
}

function toLessonQuestion(row: LessonQuestionRow, userId: string): LessonQuestion {
  return {
    id: row.id,
    body: row.body,
    askedAt: row.askedAt.toISOString(),
    isOwn: row.userId === userId,
    answer: row.answer,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    isPublished: row.isPublished,
  };
}

/** `POST /api/lessons/:id/questions`: only under a lesson the caller may open. */
export async function askQuestion(
  db: Executor,
  call: Call & { lessonId: number; body: string },
): Promise<LessonQuestion> {
  assertMember((await openLesson(db, call)).state);
  const row = await insertQuestion(db, {
    id: randomUUID(),
    lessonId: call.lessonId,
    userId: call.caller.userId,
    email: call.caller.email,
    body: call.body,
    askedAt: call.now,
    answer: null,
    answeredAt: null,
    answeredBy: null,
    isPublished: false,
  });
  return toLessonQuestion(row, call.caller.userId);
}

/** `GET /api/lessons/:id/questions`: the caller's own questions and the published answers. */
export async function listLessonQuestions(
  db: Executor,
  call: Call & { lessonId: number },
): Promise<LessonQuestionList> {
  assertMember((await openLesson(db, call)).state);
  const rows = await listLessonQuestionsFor(db, { lessonId: call.lessonId, userId: call.caller.userId });
  return rows.map((row) => toLessonQuestion(row, call.caller.userId));
}

function toAdminQuestion({
  question,
  lessonTitle,
  moduleTitle,
}: {
  question: LessonQuestionRow;
  lessonTitle: string;
  moduleTitle: string;
}): AdminQuestion {
  return {
    id: question.id,
    body: question.body,
    askedAt: question.askedAt.toISOString(),
    askerEmail: question.email,
    lessonId: question.lessonId,
    lessonTitle,
    moduleTitle,
    answer: question.answer,
    answeredAt: question.answeredAt?.toISOString() ?? null,
    isPublished: question.isPublished,
  };
}

export async function listAdminQuestions(
  db: Executor,
  status: AdminQuestionStatus,
): Promise<AdminQuestion[]> {
  return (await listQuestionsForAdmin(db, status)).map(toAdminQuestion);
}

/** `POST /api/admin/questions/:id/answer`: once; a second answer (or one racing it) is 409. */
export async function answerQuestion(
  db: Database,
  call: Call & { questionId: string; body: string; publish: boolean },
): Promise<AdminQuestion> {
  return db.transaction(async (tx) => {
    const found = await findQuestionWithLesson(tx, call.questionId);
    if (!found) throw new AppError('not_found', QUESTION_NOT_FOUND_MESSAGE);
    const answered = await answerQuestionRow(tx, {
      id: call.questionId,
      answer: call.body,
      publish: call.publish,
      by: call.caller.userId,
      at: call.now,
    });
    if (!answered) throw new AppError('conflict', QUESTION_ALREADY_ANSWERED_MESSAGE);
    await enqueueEvent(
      tx,
      outboxEvents,
      {
        type: 'course.question.answered',
        data: {
          questionId: answered.id,
          userId: answered.userId,
          email: answered.email,
          lessonId: answered.lessonId,
          lessonTitle: found.lessonTitle,
          question: answered.body,
          answer: call.body,
          answeredAt: call.now.toISOString(),
        },
      },
      { clock: { now: () => call.now } },
    );
    return toAdminQuestion({ ...found, question: answered });
  });
}

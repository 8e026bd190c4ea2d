/**
 * Lesson questions (docs/behaviour/member-learning.md#lesson-questions): a member asks under an open lesson,
 * the admin answers from the admin area, optionally publishing the answer to every member. Plain text only:
 * pages show it as text, e-mails escape it.
 */
import { z } from 'zod';
import { writtenText } from '../text.js';
import { isoDateTime } from '../fields.js';

export const QUESTION_MAX_LENGTH = 2000;
export const ANSWER_MAX_LENGTH = 5000;
export const QUESTION_NOT_FOUND_MESSAGE = 'Question not found';
export const QUESTION_ALREADY_ANSWERED_MESSAGE = 'This question has already been answered';

/** `POST /api/lessons/:id/questions`. */
export const AskQuestionRequestSchema = z.object({
  body: writtenText(QUESTION_MAX_LENGTH, {
    required: 'Please write your question',
    tooLong: `Your question must be at most ${QUESTION_MAX_LENGTH} characters`,
  }),
});
export type AskQuestionRequest = z.infer<typeof AskQuestionRequestSchema>;

/** `POST /api/admin/questions/:id/answer`. */
export const AnswerQuestionRequestSchema = z.object({
  body: writtenText(ANSWER_MAX_LENGTH, {
    required: 'Please write your answer',
    tooLong: `The answer must be at most ${ANSWER_MAX_LENGTH} characters`,
  }),
  /** Show the question and its answer to every member under the lesson (without the asker's name). */
  publish: z.boolean({ error: 'Choose whether to publish the answer' }).default(false),
});
export type AnswerQuestionRequest = z.infer<typeof AnswerQuestionRequestSchema>;

export const QuestionIdParamsSchema = z.object({ id: z.uuid(QUESTION_NOT_FOUND_MESSAGE) });

/** A question as an answer lists it: what was asked and when, `about` it, and the admin's answer so far. */
function questionSchema<About extends z.ZodRawShape>(about: About) {
  return z.object({
    id: z.uuid(),
    body: z.string(),
    askedAt: isoDateTime,
    ...about,
    answer: z.string().nullable(),
    answeredAt: isoDateTime.nullable(),
    isPublished: z.boolean(),
  });
}

/** A question as its lesson shows it: the caller's own, or one whose answer the admin published. */
export const LessonQuestionSchema = questionSchema({
  /** The caller asked it (else it is a published one, shown without who asked). */
  isOwn: z.boolean(),
});
export type LessonQuestion = z.infer<typeof LessonQuestionSchema>;
export const LessonQuestionListSchema = z.array(LessonQuestionSchema);
export type LessonQuestionList = z.infer<typeof LessonQuestionListSchema>;

export const AdminQuestionStatusSchema = z.enum(['open', 'answered']);
export type AdminQuestionStatus = z.infer<typeof AdminQuestionStatusSchema>;

/** `GET /api/admin/questions?status=open|answered` (open by default). */
export const AdminQuestionsQuerySchema = z.object({
  status: AdminQuestionStatusSchema.default('open'),
});

export const AdminQuestionSchema = questionSchema({
  askerEmail: z.string(),
  lessonId: z.number().int().positive(),
  lessonTitle: z.string(),
  moduleTitle: z.string(),
});
export type AdminQuestion = z.infer<typeof AdminQuestionSchema>;
export const AdminQuestionListSchema = z.array(AdminQuestionSchema);
export type AdminQuestionList = z.infer<typeof AdminQuestionListSchema>;

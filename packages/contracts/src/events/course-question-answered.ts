/**
 * `course.question.answered`: the admin answered a member's question under a lesson
 * (docs/behaviour/member-learning.md#lesson-questions); the notification service e-mails the member.
 */
import { z } from 'zod';
import { AccountEmailSchema } from '../http/auth/email.js';
import { isoDateTime } from '../http/fields.js';

export const CourseQuestionAnsweredSchema = z.object({
  questionId: z.uuid(),
  userId: z.string().min(1),
  email: AccountEmailSchema,
  lessonId: z.number().int().positive(),
  lessonTitle: z.string(),
  question: z.string(),
  answer: z.string(),
  answeredAt: isoDateTime,
});
export type CourseQuestionAnswered = z.infer<typeof CourseQuestionAnsweredSchema>;

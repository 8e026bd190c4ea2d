/**
 * Lesson questions (docs/behaviour/member-learning.md#lesson-questions): the member's calls under a lesson
 * and the admin's list and answer. Answers are per user: never cached.
 */
import {
  AdminQuestionsQuerySchema,
  AnswerQuestionRequestSchema,
  AskQuestionRequestSchema,
  ContentIdParamsSchema,
  LESSON_NOT_FOUND_MESSAGE,
  QUESTION_NOT_FOUND_MESSAGE,
  QuestionIdParamsSchema,
} from '@platform/contracts';
import { requireAdmin, requireUser } from '@platform/service-kit/identity';
import { validate, type Middleware } from '@platform/service-kit/http';
import { type ServiceDeps } from '@platform/service-kit/runtime';
import type { Router } from 'express';
import type { CourseConfig } from '../config.js';
import { answerQuestion, askQuestion, listAdminQuestions, listLessonQuestions } from './questions.service.js';

const noStore: Middleware = (_req, res, next) => {
  res.set('Cache-Control', 'private, no-store');
  next();
};

export function questionRoutes(router: Router, deps: ServiceDeps<CourseConfig>): void {
  router.get(
    '/api/lessons/:id/questions',
    noStore,
    requireUser,
    validate({ params: ContentIdParamsSchema }, { notFound: LESSON_NOT_FOUND_MESSAGE }),
    async (req, res) => {
      res.json(
        await listLessonQuestions(deps.db, {
          caller: req.caller,
          now: deps.clock.now(),
          lessonId: req.params.id,
        }),
      );
    },
  );

  router.post(
    '/api/lessons/:id/questions',
    noStore,
    requireUser,
    validate(
      { params: ContentIdParamsSchema, body: AskQuestionRequestSchema },
      { notFound: LESSON_NOT_FOUND_MESSAGE },
    ),
    async (req, res) => {
      const question = await askQuestion(deps.db, {
        caller: req.caller,
        now: deps.clock.now(),
        lessonId: req.params.id,
        body: req.body.body,
      });
      res.status(201).json(question);
    },
  );

  router.get(
    '/api/admin/questions',
    noStore,
    requireAdmin,
    validate({ query: AdminQuestionsQuerySchema }),
    async (req, res) => {
      res.json(await listAdminQuestions(deps.db, req.query.status));
    },
  );

  router.post(
    '/api/admin/questions/:id/answer',
    noStore,
    requireAdmin,
    validate(
      { params: QuestionIdParamsSchema, body: AnswerQuestionRequestSchema },
      { notFound: QUESTION_NOT_FOUND_MESSAGE },
    ),
    async (req, res) => {
      res.json(
        await answerQuestion(deps.db, {
          caller: req.caller,
          now: deps.clock.now(),
          questionId: req.params.id,
          body: req.body.body,
          publish: req.body.publish,
        }),
      );
    },
  );
}

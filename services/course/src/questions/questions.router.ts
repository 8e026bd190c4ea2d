/**
 * Lesson questions (docs/behaviour/member-learning.md#lesson-questions): the member's calls under a lesson
 * and the admin's list and answer. Answers are per user: never cached.
 */
import {
  AdminQuestionsQuerySchema,
  AnswerQuestionRequestSchema,
  AskQuestionRequestSchema,
  QUESTION_NOT_FOUND_MESSAGE,
  QuestionIdParamsSchema,
} from '@platform/contracts';
import { requireAdmin, requireUser } from '@platform/service-kit/identity';
import { privateNoStore, routesWith, validate } from '@platform/service-kit/http';
import { takeOrRefuse } from '@platform/service-kit/rate-limits';
import { type ServiceDeps } from '@platform/service-kit/runtime';
import type { Router } from 'express';
import type { CourseConfig } from '../config.js';
import { lessonId, lessonIdWithBody } from '../http/content-id-paths.js';
import { answerQuestion, askQuestion, listAdminQuestions, listLessonQuestions } from './questions.service.js';
import { callOf } from '../http/call-of.js';

export function questionRoutes(router: Router, deps: ServiceDeps<CourseConfig>): void {
  // Per member, not per address: a question needs a signed-in account, and a kitchen's team shares one address.
  const questionsPerMember = deps.rateLimits.limiter({
    name: 'lesson-question',
    points: deps.config.COURSE_QUESTIONS_PER_HOUR,
    durationSeconds: 60 * 60,
  });

  const signedIn = routesWith(router, { cache: privateNoStore, access: requireUser });
  const admin = routesWith(router, { cache: privateNoStore, access: requireAdmin });

  signedIn.get('/api/lessons/:id/questions', lessonId, async (req, res) => {
    res.json(await listLessonQuestions(deps.db, { ...callOf(req, deps.clock), lessonId: req.params.id }));
  });

  signedIn.post(
    '/api/lessons/:id/questions',
    lessonIdWithBody(AskQuestionRequestSchema),
    async (req, res) => {
      const key = `user:${req.caller.userId}`;
      await takeOrRefuse(questionsPerMember, key);
      const question = await askQuestion(deps.db, {
        ...callOf(req, deps.clock),
        lessonId: req.params.id,
        body: req.body.body,
      }).catch(async (error: unknown) => {
        // Only a question posted counts: one refused (a lesson not open to them, an unknown one) or failed
        // gives its use back.
        await questionsPerMember.giveBack(key);
        throw error;
      });
      res.status(201).json(question);
    },
  );

  admin.get('/api/admin/questions', validate({ query: AdminQuestionsQuerySchema }), async (req, res) => {
    res.json(await listAdminQuestions(deps.db, req.query.status));
  });

  admin.post(
    '/api/admin/questions/:id/answer',
    validate(
      { params: QuestionIdParamsSchema, body: AnswerQuestionRequestSchema },
      { notFound: QUESTION_NOT_FOUND_MESSAGE },
    ),
    async (req, res) => {
      res.json(
        await answerQuestion(deps.db, {
          ...callOf(req, deps.clock),
          questionId: req.params.id,
          body: req.body.body,
          publish: req.body.publish,
        }),
      );
    },
  );
}

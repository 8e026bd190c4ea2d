/**
 * The member side of member-and-admin §7: courses, sections, lessons and progress. Every route needs a
 * signed-in caller (401 `Unauthorized`, read as null by the pages); below a course, an enrolment in it
 * or the admin role (else 403 with MEMBERSHIP_REQUIRED_MESSAGE). Answers are per user: never cached.
 */
import {
  COURSE_NOT_FOUND_MESSAGE,
  ContentIdParamSchema,
  LESSON_NOT_FOUND_MESSAGE,
  MODULE_NOT_FOUND_MESSAGE,
  SaveLessonPositionRequestSchema,
} from '@platform/contracts';
import { AppError, requireUser, type ServiceDeps } from '@platform/service-kit';
import express, { type Request, type RequestHandler, type Router } from 'express';
import type { CourseConfig } from '../config.js';
import type { SignedInCaller } from './course-access.js';
import {
  completeLesson,
  completeModule,
  getCourse,
  getLesson,
  getModule,
  listAvailableModules,
  listCourses,
  listModuleLessons,
  recordUnlockNotice,
  saveLessonPosition,
} from './learning.service.js';

/** A path id that is not a positive integer names nothing: the resource's own 404. */
function idParam(req: Request, notFoundMessage: string): number {
  const id = ContentIdParamSchema.safeParse(req.params.id);
  if (!id.success) throw new AppError('not_found', notFoundMessage);
  return id.data;
}

function callerOf(req: Request): SignedInCaller {
  if (req.caller.kind !== 'user') throw new AppError('unauthenticated', 'Unauthorized');
  return req.caller;
}

/** The player's position is one small number. */
const jsonBody = express.json({ limit: '4kb' });

const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'private, no-store');
  next();
};

export function learningRoutes(router: Router, deps: ServiceDeps<CourseConfig>): void {
  const call = (req: Request) => ({ caller: callerOf(req), now: deps.clock.now() });
  router.get('/api/courses', noStore, requireUser, async (req, res) => {
    res.json(await listCourses(deps.db, call(req)));
  });

  router.get('/api/courses/:id', noStore, requireUser, async (req, res) => {
    const courseId = idParam(req, COURSE_NOT_FOUND_MESSAGE);
    res.json(await getCourse(deps.db, { ...call(req), courseId }));
  });

  // The spec names both: the dashboard's drip list and the (admin editor's) module list.
  for (const path of ['/api/courses/:id/available-modules', '/api/courses/:id/modules']) {
    router.get(path, noStore, requireUser, async (req, res) => {
      const courseId = idParam(req, COURSE_NOT_FOUND_MESSAGE);
      res.json(await listAvailableModules(deps.db, { ...call(req), courseId }));
    });
  }

  router.get('/api/modules/:id', noStore, requireUser, async (req, res) => {
    const moduleId = idParam(req, MODULE_NOT_FOUND_MESSAGE);
    res.json(await getModule(deps.db, { ...call(req), moduleId }));
  });

  router.get('/api/modules/:id/lessons', noStore, requireUser, async (req, res) => {
    const moduleId = idParam(req, MODULE_NOT_FOUND_MESSAGE);
    res.json(await listModuleLessons(deps.db, { ...call(req), moduleId }));
  });

  router.post('/api/modules/:id/unlock-notice', noStore, requireUser, async (req, res) => {
    const moduleId = idParam(req, MODULE_NOT_FOUND_MESSAGE);
    await recordUnlockNotice(deps.db, { ...call(req), moduleId });
    res.status(204).end();
  });

  router.post('/api/modules/:id/complete', noStore, requireUser, async (req, res) => {
    const moduleId = idParam(req, MODULE_NOT_FOUND_MESSAGE);
    res.json(await completeModule(deps.db, { ...call(req), moduleId }));
  });

  router.get('/api/lessons/:id', noStore, requireUser, async (req, res) => {
    const lessonId = idParam(req, LESSON_NOT_FOUND_MESSAGE);
    res.json(await getLesson(deps.db, { ...call(req), lessonId }));
  });

  router.post('/api/lessons/:id/complete', noStore, requireUser, async (req, res) => {
    const lessonId = idParam(req, LESSON_NOT_FOUND_MESSAGE);
    res.json(await completeLesson(deps.db, { ...call(req), lessonId }));
  });

  router.put('/api/lessons/:id/progress', noStore, requireUser, jsonBody, async (req, res) => {
    const lessonId = idParam(req, LESSON_NOT_FOUND_MESSAGE);
    const body = SaveLessonPositionRequestSchema.safeParse(req.body ?? {});
    if (!body.success) throw AppError.fromZod(body.error);
    await saveLessonPosition(deps.db, { ...call(req), lessonId, positionSeconds: body.data.positionSeconds });
    res.status(204).end();
  });
}

/**
 * The member side of the course (docs/behaviour/member-learning.md#api-calls): courses, sections, lessons and
 * progress. Every route needs a signed-in caller (401 `Unauthorized`, read as null by the pages); below a
 * course, an enrolment in it or the admin role (else 403 with MEMBERSHIP_REQUIRED_MESSAGE). Answers are per
 * user: never cached.
 */
import { SaveLessonPositionRequestSchema } from '@platform/contracts';
import { privateNoStore, routesWith } from '@platform/service-kit/http';
import { requireUser, type UserCaller } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Router } from 'express';
import type { CourseConfig } from '../config.js';
import { courseId, lessonId, lessonIdWithBody, moduleId } from '../http/content-id-paths.js';
import { getLessonNavigation } from './get-lesson-navigation.js';
import { getProgressDashboard } from './get-progress-dashboard.js';
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

export function learningRoutes(router: Router, deps: ServiceDeps<CourseConfig>): void {
  const call = (caller: UserCaller) => ({ caller, now: deps.clock.now() });
  /** A completion may finish the course: its certificate links to the site. */
  const completing = (caller: UserCaller) => ({
    ...call(caller),
    publicBaseUrl: deps.config.PUBLIC_BASE_URL,
  });
  const signedIn = routesWith(router, { cache: privateNoStore, access: requireUser });

  signedIn.get('/api/courses', async (req, res) => {
    res.json(await listCourses(deps.db, call(req.caller)));
  });

  signedIn.get('/api/courses/:id', courseId, async (req, res) => {
    res.json(await getCourse(deps.db, { ...call(req.caller), courseId: req.params.id }));
  });

  // `/dashboard` in one read: the enrolments, and the course they lead to with its sections
  // (docs/decisions.md, 51).
  signedIn.get('/api/enrollments/dashboard', async (req, res) => {
    res.json(await getProgressDashboard(deps.db, call(req.caller)));
  });

  // The dashboard's drip list; `/api/courses/:id/modules` is the studio's (admin) list, in studio/.
  signedIn.get('/api/courses/:id/available-modules', courseId, async (req, res) => {
    res.json(await listAvailableModules(deps.db, { ...call(req.caller), courseId: req.params.id }));
  });

  signedIn.get('/api/modules/:id', moduleId, async (req, res) => {
    res.json(await getModule(deps.db, { ...call(req.caller), moduleId: req.params.id }));
  });

  signedIn.get('/api/modules/:id/lessons', moduleId, async (req, res) => {
    res.json(await listModuleLessons(deps.db, { ...call(req.caller), moduleId: req.params.id }));
  });

  signedIn.post('/api/modules/:id/unlock-notice', moduleId, async (req, res) => {
    await recordUnlockNotice(deps.db, { ...call(req.caller), moduleId: req.params.id });
    res.status(204).end();
  });

  signedIn.post('/api/modules/:id/complete', moduleId, async (req, res) => {
    res.json(await completeModule(deps.db, { ...completing(req.caller), moduleId: req.params.id }));
  });

  signedIn.get('/api/lessons/:id', lessonId, async (req, res) => {
    res.json(await getLesson(deps.db, { ...call(req.caller), lessonId: req.params.id }));
  });

  signedIn.get('/api/lessons/:id/navigation', lessonId, async (req, res) => {
    res.json(await getLessonNavigation(deps.db, { ...call(req.caller), lessonId: req.params.id }));
  });

  signedIn.post('/api/lessons/:id/complete', lessonId, async (req, res) => {
    res.json(await completeLesson(deps.db, { ...completing(req.caller), lessonId: req.params.id }));
  });

  signedIn.put(
    '/api/lessons/:id/progress',
    lessonIdWithBody(SaveLessonPositionRequestSchema),
    async (req, res) => {
      await saveLessonPosition(deps.db, {
        ...call(req.caller),
        lessonId: req.params.id,
        positionSeconds: req.body.positionSeconds,
      });
      res.status(204).end();
    },
  );
}

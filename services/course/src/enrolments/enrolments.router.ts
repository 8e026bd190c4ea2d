/** Enrolments of signed-in members: their list, and 'Enroll Now'. */
import { COURSE_NOT_FOUND_MESSAGE, ContentIdParamSchema } from '@platform/contracts';
import { AppError, requireUser, type ServiceDeps } from '@platform/service-kit';
import type { RequestHandler, Router } from 'express';
import type { CourseConfig } from '../config.js';
import { enrolInCourse } from './enrol-in-course.js';
import { listEnrolments } from './list-enrolments.js';

export function enrolmentRoutes(router: Router, deps: ServiceDeps<CourseConfig>): void {
  // Per user, refusals included: never kept by a shared cache.
  const noStore: RequestHandler = (_req, res, next) => {
    res.set('Cache-Control', 'private, no-store');
    next();
  };
  router.get('/api/enrollments', noStore, requireUser, async (req, res) => {
    if (req.caller.kind !== 'user') return; // narrowed by requireUser
    res.json(await listEnrolments(deps.db, req.caller.userId));
  });
  router.post('/api/courses/:id/enroll', noStore, requireUser, async (req, res) => {
    if (req.caller.kind !== 'user') return; // narrowed by requireUser
    const courseId = ContentIdParamSchema.safeParse(req.params.id);
    if (!courseId.success) throw new AppError('not_found', COURSE_NOT_FOUND_MESSAGE);
    const { enrolment, created } = await enrolInCourse(deps.db, {
      caller: req.caller,
      courseId: courseId.data,
      now: deps.clock.now(),
    });
    res.status(created ? 201 : 200).json(enrolment);
  });
}

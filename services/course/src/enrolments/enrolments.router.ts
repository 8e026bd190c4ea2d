/** Enrolments of signed-in members: their list, and 'Enroll Now'. */
import { privateNoStore, routesWith } from '@platform/service-kit/http';
import { requireUser } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Router } from 'express';
import type { CourseConfig } from '../config.js';
import { courseId } from '../http/content-id-paths.js';
import { enrolInCourse } from './enrol-in-course.js';
import { listEnrolments } from './list-enrolments.js';

export function enrolmentRoutes(router: Router, deps: ServiceDeps<CourseConfig>): void {
  const signedIn = routesWith(router, { cache: privateNoStore, access: requireUser });

  signedIn.get('/api/enrollments', async (req, res) => {
    res.json(await listEnrolments(deps.db, req.caller.userId));
  });
  signedIn.post('/api/courses/:id/enroll', courseId, async (req, res) => {
    const { enrolment, created } = await enrolInCourse(deps.db, {
      caller: req.caller,
      courseId: req.params.id,
      now: deps.clock.now(),
    });
    res.status(created ? 201 : 200).json(enrolment);
  });
}

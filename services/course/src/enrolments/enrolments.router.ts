/** Enrolment reads for signed-in members. */
import { requireUser, type ServiceDeps } from '@platform/service-kit';
import type { RequestHandler, Router } from 'express';
import type { CourseConfig } from '../config.js';
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
}

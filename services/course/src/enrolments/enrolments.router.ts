/** Enrolment reads for signed-in members. */
import { requireUser, type ServiceDeps } from '@platform/service-kit';
import type { Router } from 'express';
import type { CourseConfig } from '../config.js';
import { listEnrolments } from './list-enrolments.js';

export function enrolmentRoutes(router: Router, deps: ServiceDeps<CourseConfig>): void {
  router.get('/api/enrollments', requireUser, async (req, res) => {
    if (req.caller.kind !== 'user') return; // narrowed by requireUser
    // Per user: never kept by a shared cache.
    res.set('Cache-Control', 'private, no-store');
    res.json(await listEnrolments(deps.db, req.caller.userId));
  });
}

/** The admin's learners (docs/behaviour/admin.md#learners): the list and the two drip overrides. */
import {
  DripOverrideRequestSchema,
  LEARNER_NOT_FOUND_MESSAGE,
  LearnerIdParamsSchema,
  type DripOverrideAction,
} from '@platform/contracts';
import { requireAdmin } from '@platform/service-kit/identity';
import { privateNoStore, routesWith, validate } from '@platform/service-kit/http';
import { type ServiceDeps } from '@platform/service-kit/runtime';
import type { Router } from 'express';
import type { CourseConfig } from '../config.js';
import { listLearners, overrideDrip } from './learners.service.js';
import { callOf } from '../http/call-of.js';

const ACTIONS: Record<string, DripOverrideAction> = {
  'unlock-all': 'unlock_all',
  'reset-progress': 'reset_progress',
};

export function learnerRoutes(router: Router, deps: ServiceDeps<CourseConfig>): void {
  const admin = routesWith(router, { cache: privateNoStore, access: requireAdmin });

  admin.get('/api/admin/learners', async (_req, res) => {
    res.json(await listLearners(deps.db));
  });

  for (const [path, action] of Object.entries(ACTIONS)) {
    admin.post(
      `/api/admin/learners/:userId/${path}`,
      validate(
        { params: LearnerIdParamsSchema, body: DripOverrideRequestSchema },
        { notFound: LEARNER_NOT_FOUND_MESSAGE },
      ),
      async (req, res) => {
        res.json(
          await overrideDrip(deps.db, {
            ...callOf(req, deps.clock),
            userId: req.params.userId,
            action,
            reason: req.body.reason,
          }),
        );
      },
    );
  }
}

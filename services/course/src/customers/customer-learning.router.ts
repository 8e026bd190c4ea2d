/**
 * The course service's part of the admin's customers (docs/behaviour/admin.md#customers):
 *
 *   GET  /api/admin/customers/learning?userIds=a,b → CustomerLearningListSchema (at most 50 accounts)
 *   POST /api/admin/customers/learning/:userId/grant  → CustomerLearningSchema; body { courseId, reason }
 *   POST /api/admin/customers/learning/:userId/revoke → the same
 *     404 'Course not found'; 409 when the customer already has (grant) or has not (revoke) the course.
 *     Visitors get 401, other users 403.
 */
import {
  CustomerAccessRequestSchema,
  CustomerAccountParamsSchema,
  CustomerLearningQuerySchema,
  CUSTOMER_NOT_FOUND_MESSAGE,
  type CustomerAccessAction,
} from '@platform/contracts';
import { routesWith, validate } from '@platform/service-kit/http';
import { requireAdmin } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Router } from 'express';
import type { CourseConfig } from '../config.js';
import { changeCustomerAccess, listCustomerLearning } from './customer-learning.service.js';
import { callOf } from '../http/call-of.js';

const ACTIONS: readonly CustomerAccessAction[] = ['grant', 'revoke'];

export function customerLearningRoutes(router: Router, deps: ServiceDeps<CourseConfig>): void {
  const admin = routesWith(router, { access: requireAdmin });

  admin.get(
    '/api/admin/customers/learning',
    validate({ query: CustomerLearningQuerySchema }),
    async (req, res) => {
      res
        .set('Cache-Control', 'private, no-store')
        .json(await listCustomerLearning(deps.db, req.query.userIds));
    },
  );

  for (const action of ACTIONS) {
    admin.post(
      `/api/admin/customers/learning/:userId/${action}`,
      validate(
        { params: CustomerAccountParamsSchema, body: CustomerAccessRequestSchema },
        { notFound: CUSTOMER_NOT_FOUND_MESSAGE },
      ),
      async (req, res) => {
        const view = await changeCustomerAccess(deps, {
          ...callOf(req, deps.clock),
          userId: req.params.userId,
          courseId: req.body.courseId,
          action,
          reason: req.body.reason,
        });
        res.set('Cache-Control', 'private, no-store').json(view);
      },
    );
  }
}

/**
 * The owner's consent (docs/behaviour/revenue-share.md#welcome-and-consent-page; contract in
 * `@platform/contracts` http/revenue/consent.ts):
 *
 *   POST /api/revenue-share-consent   signed in (401 for visitors), never the support admin (403:
 *                                     the admin runs the ledger and is on no plan; docs/decisions.md, 53)
 *   POST /api/revenue-share/leave     the owner leaves their own plan (404 without one, 409 once left;
 *                                     docs/decisions.md, 99)
 */
import {
  LeaveRevenueShareRequestSchema,
  REVENUE_CONSENT_MESSAGES,
  RevenueShareConsentRequestSchema,
} from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { noStore, routesWith, validate } from '@platform/service-kit/http';
import { requireUser } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Router } from 'express';
import type { RevenueConfig } from '../config.js';
import { ownerPost } from '../http/owner-post.js';
import { leavePlan } from './leave-plan.js';
import { recordConsent } from './record-consent.js';

export function planRoutes(router: Router, deps: ServiceDeps<RevenueConfig>): void {
  const signedIn = routesWith(router, { cache: noStore, access: requireUser });

  signedIn.post(
    '/api/revenue-share-consent',
    // The support admin may not join (docs/decisions.md, 53); refused before the body is read.
    (req, _res, next) => {
      next(
        req.caller.role === 'admin'
          ? new AppError('forbidden', REVENUE_CONSENT_MESSAGES.adminCannotJoin)
          : undefined,
      );
    },
    validate({ body: RevenueShareConsentRequestSchema }),
    async (req, res) => {
      res.json(
        await recordConsent(deps, {
          owner: { userId: req.caller.userId, email: req.caller.email },
          request: req.body,
          requestId: String(req.id),
        }),
      );
    },
  );

  ownerPost(router, '/api/revenue-share/leave', LeaveRevenueShareRequestSchema, (input) =>
    leavePlan(deps, input),
  );
}

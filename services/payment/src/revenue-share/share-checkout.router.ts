/**
 * Paying a revenue share online (docs/behaviour/checkout-and-payments.md#paying-a-revenue-share):
 *
 *   POST /api/revenue-share-checkout { reportId } → 200 { sessionId, url } (the card provider's page);
 *        400 a malformed id, 401 visitors, 404 not the caller's report, 409 nothing due, 503 no card provider
 *   GET  /api/revenue-share-checkout/return?session_id=… → asks the provider, fulfils, 303 to
 *        /revenue-report?payment=paid|pending|failed|refunded
 */
import {
  ShareCheckoutRequestSchema,
  ShareReturnQuerySchema,
  type CreateCheckoutSessionResponse,
} from '@platform/contracts';
import { routesWith, validate } from '@platform/service-kit/http';
import { requireUser } from '@platform/service-kit/identity';
import type { Router } from 'express';
import type { PaymentDeps } from '../runtime.js';
import { completeShareReturn } from './complete-share-return.js';
import { SHARE_RETURN_PATH, startShareCheckout } from './start-share-checkout.js';

export function shareCheckoutRoutes(router: Router, deps: PaymentDeps): void {
  const signedIn = routesWith(router, { access: requireUser });

  signedIn.post(
    '/api/revenue-share-checkout',
    validate({ body: ShareCheckoutRequestSchema }),
    async (req, res) => {
      const body: CreateCheckoutSessionResponse = await startShareCheckout(
        deps,
        req.caller,
        req.body.reportId,
      );
      res.set('Cache-Control', 'no-store').json(body);
    },
  );

  router.get(SHARE_RETURN_PATH, validate({ query: ShareReturnQuerySchema }), async (req, res) => {
    const next = await completeShareReturn(deps, req.query.sessionId, String(req.id));
    res.set('Cache-Control', 'no-store').redirect(303, next);
  });
}

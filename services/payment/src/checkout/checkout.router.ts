/**
 * Checkout for the browser (docs/behaviour/checkout-and-payments.md#api-calls), visitors and members alike:
 *
 *   POST /api/create-checkout-session → 200 { sessionId, url } (card: Stripe or the test provider)
 *   POST /api/paypal/order            → 200 { id, links } with rel 'approve' (wallet: PayPal or the test provider)
 *   GET  /api/paypal/return           → captures, 303 to /checkout-success?session_id=… (or /checkout)
 *   GET  /api/paypal/cancel           → 303 to /checkout
 *   POST /api/grant-course-access     → { success, message, status } (see grant-course-access.ts)
 *   GET  /api/payment/providers       → PaymentProvidersSchema
 *
 * Bodies are checked with the contracts; a bad one is a 400 with the contract's message, and nothing is
 * stored. Unknown products are a 400 'Unknown product: <id>'; an order totalling 0 is a 400.
 */
import {
  CreateCheckoutSessionRequestSchema,
  GrantCourseAccessRequestSchema,
  PaypalOrderRequestSchema,
  ProviderSessionIdSchema,
  type CreateCheckoutSessionResponse,
  type PaymentProviders,
  type PaypalOrderResponse,
} from '@platform/contracts';
import type { ServiceDeps } from '@platform/service-kit';
import type { Request, Router } from 'express';
import type { PaymentConfig } from '../config.js';
import { jsonBody, parseBody } from '../http/parse-body.js';
import { runtimeOf } from '../runtime.js';
import { CHECKOUT_PAGE, completeWalletReturn } from './complete-wallet-return.js';
import { grantCourseAccess } from './grant-course-access.js';
import { startCheckout } from './start-checkout.js';

export function checkoutRoutes(router: Router, deps: ServiceDeps<PaymentConfig>): void {
  router.post('/api/create-checkout-session', jsonBody, async (req, res) => {
    const request = parseBody(CreateCheckoutSessionRequestSchema, req.body);
    const { checkout } = await startCheckout(deps, {
      method: 'card',
      items: request.items,
      billing: request.billingInfo,
      userId: userIdOf(req),
    });
    const body: CreateCheckoutSessionResponse = { sessionId: checkout.providerSessionId, url: checkout.url };
    res.set('Cache-Control', 'no-store').json(body);
  });

  router.post('/api/paypal/order', jsonBody, async (req, res) => {
    const request = parseBody(PaypalOrderRequestSchema, req.body);
    const { checkout } = await startCheckout(deps, {
      method: 'wallet',
      items: request.items,
      billing: request.billingInfo,
      expectedAmount: request.amount,
      userId: userIdOf(req),
    });
    const body: PaypalOrderResponse = { id: checkout.providerSessionId, links: checkout.links };
    res.set('Cache-Control', 'no-store').json(body);
  });

  router.get('/api/paypal/return', async (req, res) => {
    // An id that is not plain text (a NUL byte would fail in the database) finds no order, like an unknown one.
    const sessionId = ProviderSessionIdSchema.safeParse(
      firstString(req.query.token) ?? firstString(req.query.session_id),
    );
    const next = await completeWalletReturn(deps, sessionId.data, String(req.id));
    res.set('Cache-Control', 'no-store').redirect(303, next);
  });

  router.get('/api/paypal/cancel', (_req, res) => {
    res.set('Cache-Control', 'no-store').redirect(303, CHECKOUT_PAGE);
  });

  router.post('/api/grant-course-access', jsonBody, async (req, res) => {
    const request = parseBody(GrantCourseAccessRequestSchema, req.body);
    const answer = await grantCourseAccess(deps, request.session_id, String(req.id));
    res.status(answer.httpStatus).set('Cache-Control', 'no-store').json(answer.body);
  });

  router.get('/api/payment/providers', (_req, res) => {
    const runtime = runtimeOf(deps);
    const card = runtime.card?.name;
    const wallet = runtime.wallet?.name;
    const body: PaymentProviders = {
      card: card === 'test' || card === 'stripe' ? card : null,
      wallet: wallet === 'test' || wallet === 'paypal' ? wallet : null,
      testMode: card === 'test',
    };
    res.set('Cache-Control', 'no-store').json(body);
  });
}

function userIdOf(req: Request): string | undefined {
  return req.caller.kind === 'user' ? req.caller.userId : undefined;
}

function firstString(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.length > 0 ? first : undefined;
}

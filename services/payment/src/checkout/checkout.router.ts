/**
 * Checkout for the browser (docs/behaviour/checkout-and-payments.md#api-calls), visitors and members alike:
 *
 *   POST /api/checkout/quote          → CheckoutQuoteSchema: the lines, discount and total it would charge
 *   POST /api/create-checkout-session → 200 { sessionId, url } (card: Stripe or the test provider)
 *   POST /api/paypal/order            → 200 { id, links } with rel 'approve' (wallet: PayPal or the test provider)
 *   GET  /api/paypal/return           → captures, 303 to /checkout-success?session_id=…
 *                                       (/checkout?payment=failed when refused, /checkout when unknown)
 *   GET  /api/paypal/cancel           → 303 to /checkout?payment=cancelled
 *   POST /api/grant-course-access     → { success, message, status } (see grant-course-access.ts)
 *   GET  /api/payment/providers       → PaymentProvidersSchema
 *   GET  /api/payment/my-purchases    → MyPurchasesSchema (signed in: what the account has bought)
 *
 * Bodies are checked with the contracts; a bad one is a 400 with the contract's message, and nothing is
 * stored. A checkout sent again under its `requestId` while its order is pending answers that order's
 * checkout (docs/decisions.md, 121). Unknown products are a 400 'Unknown product: <id>'; an order totalling 0 is a 400; a quantity
 * other than 1 of a one-per-person product is a 400; what the account already has is a 409.
 */
import {
  checkoutReturnPath,
  CheckoutQuoteRequestSchema,
  CreateCheckoutSessionRequestSchema,
  GrantCourseAccessRequestSchema,
  PaypalOrderRequestSchema,
  PaypalReturnQuerySchema,
  type Caller,
  type CheckoutQuote,
  type CreateCheckoutSessionResponse,
  type MyPurchases,
  type PaymentProviders,
  type PaypalOrderResponse,
} from '@platform/contracts';
import { routesWith, validate } from '@platform/service-kit/http';
import { requireUser } from '@platform/service-kit/identity';
import type { Router } from 'express';
import { findOwnedProducts } from '../orders/owned-products.js';
import type { PaymentDeps } from '../runtime.js';
import { WALLET_CANCEL_PATH, completeWalletReturn } from './complete-wallet-return.js';
import { grantCourseAccess } from './grant-course-access.js';
import { quoteCheckout, startCheckout } from './start-checkout.js';

export function checkoutRoutes(router: Router, deps: PaymentDeps): void {
  router.post('/api/checkout/quote', validate({ body: CheckoutQuoteRequestSchema }), async (req, res) => {
    const body: CheckoutQuote = await quoteCheckout(deps, {
      items: req.body.items,
      couponCode: req.body.couponCode,
      accountEmail: accountOf(req.caller)?.email,
    });
    res.set('Cache-Control', 'no-store').json(body);
  });

  router.post(
    '/api/create-checkout-session',
    validate({ body: CreateCheckoutSessionRequestSchema }),
    async (req, res) => {
      const { checkout } = await startCheckout(deps, {
        method: 'card',
        items: req.body.items,
        billing: req.body.billingInfo,
        account: accountOf(req.caller),
        couponCode: req.body.couponCode,
        requestId: req.body.requestId,
      });
      const body: CreateCheckoutSessionResponse = {
        sessionId: checkout.providerSessionId,
        url: checkout.url,
      };
      res.set('Cache-Control', 'no-store').json(body);
    },
  );

  router.post('/api/paypal/order', validate({ body: PaypalOrderRequestSchema }), async (req, res) => {
    const { checkout } = await startCheckout(deps, {
      method: 'wallet',
      items: req.body.items,
      billing: req.body.billingInfo,
      expectedAmount: req.body.amount,
      account: accountOf(req.caller),
      couponCode: req.body.couponCode,
      requestId: req.body.requestId,
    });
    const body: PaypalOrderResponse = { id: checkout.providerSessionId, links: checkout.links };
    res.set('Cache-Control', 'no-store').json(body);
  });

  // An id that is not plain text (a NUL byte would fail in the database) finds no order, like an unknown one.
  router.get('/api/paypal/return', validate({ query: PaypalReturnQuerySchema }), async (req, res) => {
    const next = await completeWalletReturn(deps, req.query.sessionId, String(req.id));
    res.set('Cache-Control', 'no-store').redirect(303, next);
  });

  // The buyer turned back on the wallet's page: nothing changes (a pending order is settled by the
  // reconciliation job), and the checkout says the payment was cancelled.
  router.get(WALLET_CANCEL_PATH, (_req, res) => {
    res.set('Cache-Control', 'no-store').redirect(303, checkoutReturnPath('cancelled'));
  });

  router.post(
    '/api/grant-course-access',
    validate({ body: GrantCourseAccessRequestSchema }),
    async (req, res) => {
      const answer = await grantCourseAccess(deps, req.body.session_id, String(req.id));
      res.status(answer.httpStatus).set('Cache-Control', 'no-store').json(answer.body);
    },
  );

  const signedIn = routesWith(router, { access: requireUser });

  signedIn.get('/api/payment/my-purchases', async (req, res) => {
    const account = accountOf(req.caller);
    const owned = account
      ? await findOwnedProducts(deps.db, { accountEmail: account.email, userId: account.userId })
      : [];
    const body: MyPurchases = { productIds: [...new Set(owned.map((row) => row.productId))].sort() };
    res.set('Cache-Control', 'no-store').json(body);
  });

  router.get('/api/payment/providers', (_req, res) => {
    const card = deps.runtime.card?.name;
    const wallet = deps.runtime.wallet?.name;
    const body: PaymentProviders = {
      card: card === 'test' || card === 'stripe' ? card : null,
      wallet: wallet === 'test' || wallet === 'paypal' ? wallet : null,
      testMode: card === 'test',
    };
    res.set('Cache-Control', 'no-store').json(body);
  });
}

/** Visitors may check out too; a signed-in buyer's order is theirs. */
function accountOf(caller: Caller): { userId: string; email: string } | undefined {
  return caller.kind === 'user' ? { userId: caller.userId, email: caller.email } : undefined;
}

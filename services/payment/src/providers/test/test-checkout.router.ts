/**
 * The test provider's hosted checkout page (only while the test provider is active):
 *
 *   GET  /api/test-checkout/:sessionId          → the page (HTML): TEST MODE banner, lines, total, buttons
 *   POST /api/test-checkout/:sessionId/pay      → session paid, signed webhook sent, 303 to the success URL
 *   POST /api/test-checkout/:sessionId/decline  → session declined, signed webhook sent, 303 to the failure
 *                                                  URL (/checkout?payment=failed, or a revenue share's
 *                                                  /revenue-report?payment=failed)
 *   POST /api/test-checkout/:sessionId/cancel   → nothing changes, 303 to the cancel URL
 *                                                  (/checkout?payment=cancelled, or /api/paypal/cancel)
 *
 * The webhook goes over HTTP to this very process (`TEST_WEBHOOK_URL` overrides), into the same
 * `/api/webhooks/test` route a real provider's would reach.
 */
import { checkoutReturnPath } from '@platform/contracts';
import type { Request, Response, Router } from 'express';
import type { PaymentConfig } from '../../config.js';
import type { PaymentDeps } from '../../runtime.js';
import { renderNotFoundPage, renderTestCheckoutPage, TEST_PAGE_HEADERS } from './test-checkout-page.js';
import { TEST_CHECKOUT_PATH, type TestProvider } from './test-provider.js';
import type { TestSessionRow } from './test-sessions.repository.js';

export function testCheckoutRoutes(router: Router, deps: PaymentDeps): void {
  const withSession =
    (
      action: (provider: TestProvider, session: TestSessionRow, req: Request, res: Response) => Promise<void>,
    ) =>
    async (req: Request, res: Response) => {
      const provider = deps.runtime.test;
      const session = provider ? await provider.findSession(String(req.params.sessionId)) : null;
      if (!provider || !session) {
        res.status(404).set(TEST_PAGE_HEADERS).send(renderNotFoundPage());
        return;
      }
      await action(provider, session, req, res);
    };

  router.get(
    `${TEST_CHECKOUT_PATH}/:sessionId`,
    withSession(async (provider, session, _req, res) => {
      const status = provider.statusOf(session);
      const state =
        session.status === 'paid'
          ? 'paid'
          : session.status === 'declined'
            ? 'declined'
            : status === 'failed'
              ? 'expired'
              : 'open';
      const html = renderTestCheckoutPage(
        {
          sessionId: session.id,
          state,
          lines: session.lines,
          amount: session.amount,
          currency: session.currency,
          customerEmail: session.customerEmail,
          successUrl: session.successUrl,
          // 'Back to checkout' from a declined payment says it failed, as the Decline button did.
          cancelUrl: state === 'declined' ? failureUrlOf(session) : session.cancelUrl,
        },
        TEST_CHECKOUT_PATH,
      );
      res.status(200).set(TEST_PAGE_HEADERS).send(html);
    }),
  );

  router.post(
    `${TEST_CHECKOUT_PATH}/:sessionId/pay`,
    withSession(async (provider, session, req, res) => {
      if (session.status === 'paid') return void res.redirect(303, session.successUrl);
      if (session.status !== 'open' || provider.isExpired(session)) {
        return void res.redirect(303, `${TEST_CHECKOUT_PATH}/${encodeURIComponent(session.id)}`);
      }
      await provider.pay(session, webhookUrl(deps.config, req));
      res.set('Cache-Control', 'no-store').redirect(303, session.successUrl);
    }),
  );

  router.post(
    `${TEST_CHECKOUT_PATH}/:sessionId/decline`,
    withSession(async (provider, session, req, res) => {
      if (session.status === 'open' && !provider.isExpired(session)) {
        await provider.decline(session, webhookUrl(deps.config, req));
      }
      if (session.status === 'paid') return void res.redirect(303, session.successUrl);
      // Back to the checkout, which says the payment failed (this page is ours: a path on our origin).
      res.set('Cache-Control', 'no-store').redirect(303, failureUrlOf(session));
    }),
  );

  router.post(
    `${TEST_CHECKOUT_PATH}/:sessionId/cancel`,
    withSession(async (_provider, session, _req, res) => {
      res
        .set('Cache-Control', 'no-store')
        .redirect(303, session.status === 'paid' ? session.successUrl : session.cancelUrl);
    }),
  );
}

/** Where a declined payment goes back to: the session's own failure URL, else the checkout. */
function failureUrlOf(session: TestSessionRow): string {
  return session.failureUrl ?? checkoutReturnPath('failed');
}

/** This process's own address as the caller reached it, unless TEST_WEBHOOK_URL says otherwise. */
function webhookUrl(config: PaymentConfig, req: Request): string {
  if (config.TEST_WEBHOOK_URL) return config.TEST_WEBHOOK_URL;
  const address = req.socket.localAddress ?? '127.0.0.1';
  const host = address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${req.socket.localPort}/api/webhooks/test`;
}

/**
 * OpenID Connect sign-in (docs/decisions.md, 14).
 *
 *   GET /api/login    → 302 to the provider (state, nonce and PKCE verifier in a signed cookie);
 *                       without a configured provider 302 to /login
 *   GET /api/callback → checks the answer, finds or creates the user by the verified e-mail, starts a
 *                       session and 302 to /dashboard; anything wrong → 302 to /login?error=sso
 */
import type { Request, Response, Router } from 'express';
import type { AuthDeps } from '../runtime.js';
import { readSessionToken, setSessionCookie } from '../sessions/session-cookie.js';
import { clearOidcFlowCookie, readOidcFlowCookie, setOidcFlowCookie } from './oidc-flow-cookie.js';
import { signInWithOidc } from './sign-in-with-oidc.js';

export const SIGNED_IN_PATH = '/dashboard';
export const SIGN_IN_FAILED_PATH = '/login?error=sso';

function redirect(res: Response, location: string): void {
  res.set('Cache-Control', 'no-store').redirect(302, location);
}

function queryOf(req: Request): string {
  const index = req.originalUrl.indexOf('?');
  return index === -1 ? '' : req.originalUrl.slice(index);
}

export function oidcRoutes(router: Router, deps: AuthDeps): void {
  router.get('/api/login', async (req, res) => {
    const { oidc } = deps.runtime;
    if (!oidc) return redirect(res, '/login');
    try {
      const { url, flow } = await oidc.begin();
      setOidcFlowCookie(res, deps.config, flow);
      redirect(res, url.href);
    } catch (error) {
      req.log.error({ err: error }, 'could not start OpenID Connect sign-in');
      redirect(res, SIGN_IN_FAILED_PATH);
    }
  });

  router.get('/api/callback', async (req, res) => {
    const { oidc } = deps.runtime;
    if (!oidc) return redirect(res, '/login');
    const flow = readOidcFlowCookie(req, deps.config, deps.clock.now());
    clearOidcFlowCookie(res, deps.config);
    if (!flow) {
      req.log.warn('OpenID Connect callback without a valid flow cookie');
      return redirect(res, SIGN_IN_FAILED_PATH);
    }
    try {
      const identity = await oidc.complete(queryOf(req), flow);
      const { token, userId, created } = await signInWithOidc(deps, {
        identity,
        previousToken: readSessionToken(req, deps.config),
      });
      req.log.info({ userId, created }, 'signed in with OpenID Connect');
      setSessionCookie(res, deps.config, token);
      redirect(res, SIGNED_IN_PATH);
    } catch (error) {
      req.log.warn({ err: error }, 'OpenID Connect sign-in failed');
      redirect(res, SIGN_IN_FAILED_PATH);
    }
  });
}

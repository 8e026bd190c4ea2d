/**
 * Accounts and sessions for the browser: sign-up, sign-in, sign-out and the signed-in user.
 *
 *   POST /api/auth/signup  → 201 { success, message, user } + session cookie; 409 when the e-mail is taken
 *   POST /api/auth/login   → 200 { success: true, message } + a new session cookie;
 *                            401 / 429 { success: false, message } (429 with Retry-After)
 *   GET  /api/logout       → ends the session, clears the cookie, 302 to /
 *   GET  /api/auth/user    → AuthUser, or 401 { message: 'Unauthorized' }
 *   GET  /api/auth/session → { user: AuthUser | null }: the same, without an error for visitors
 */
import {
  LOGIN_MESSAGES,
  LoginRequestSchema,
  SIGNUP_MESSAGES,
  SignupRequestSchema,
  type AuthSession,
  type LoginResponse,
  type SignupResponse,
} from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { clientAddress, routesWith, validate } from '@platform/service-kit/http';
import { requireUser } from '@platform/service-kit/identity';
import type { Router } from 'express';
import type { AuthDeps } from '../runtime.js';
import { hashSecretToken } from '../sessions/secret-token.js';
import { clearSessionCookie, readSessionToken, setSessionCookie } from '../sessions/session-cookie.js';
import { endSession } from '../sessions/sessions.repository.js';
import { logIn } from './log-in.js';
import { signUp } from './sign-up.js';
import { toAuthUser } from './to-auth-user.js';
import { findUserAsSeen } from './users.repository.js';

export function accountRoutes(router: Router, deps: AuthDeps): void {
  router.post('/api/auth/signup', validate({ body: SignupRequestSchema }), async (req, res) => {
    const { user, token } = await signUp(deps, {
      request: req.body,
      previousToken: readSessionToken(req, deps.config),
      requestId: String(req.id),
      passwords: deps.runtime.passwords,
    });
    setSessionCookie(res, deps.config, token);
    const body: SignupResponse = { success: true, message: SIGNUP_MESSAGES.success, user: toAuthUser(user) };
    res.status(201).set('Cache-Control', 'no-store').json(body);
  });

  router.post('/api/auth/login', validate({ body: LoginRequestSchema }), async (req, res) => {
    const result = await logIn(deps, {
      request: req.body,
      address: clientAddress(req),
      previousToken: readSessionToken(req, deps.config),
      limits: deps.runtime.limits,
      passwords: deps.runtime.passwords,
    });
    res.set('Cache-Control', 'no-store');
    if (result.outcome === 'blocked') {
      const body: LoginResponse = { success: false, message: LOGIN_MESSAGES.tooManyAttempts };
      res.status(429).set('Retry-After', String(result.retryAfterSeconds)).json(body);
      return;
    }
    if (result.outcome === 'invalid') {
      const body: LoginResponse = { success: false, message: LOGIN_MESSAGES.invalid };
      res.status(401).json(body);
      return;
    }
    setSessionCookie(res, deps.config, result.token);
    const body: LoginResponse = { success: true, message: LOGIN_MESSAGES.success };
    res.json(body);
  });

  router.get('/api/logout', async (req, res) => {
    const token = readSessionToken(req, deps.config);
    // A link on another site must not sign people out (the cookie is SameSite=Lax, so it would travel).
    const crossSite = req.get('sec-fetch-site') === 'cross-site';
    if (token && !crossSite) {
      await endSession(deps.db, hashSecretToken(token), deps.clock.now());
      clearSessionCookie(res, deps.config);
    }
    res.set('Cache-Control', 'no-store').redirect(302, '/');
  });

  router.get('/api/auth/session', async (req, res) => {
    const caller = req.caller;
    const seen = caller?.kind === 'user' ? await findUserAsSeen(deps.db, caller.userId) : undefined;
    const body: AuthSession = { user: seen ? toAuthUser(seen.user, seen.returning) : null };
    res.set('Cache-Control', 'no-store').json(body);
  });

  const signedIn = routesWith(router, { access: requireUser });

  signedIn.get('/api/auth/user', async (req, res) => {
    const seen = await findUserAsSeen(deps.db, req.caller.userId);
    if (!seen) throw new AppError('unauthenticated', 'Unauthorized');
    res.set('Cache-Control', 'no-store').json(toAuthUser(seen.user, seen.returning));
  });
}

/**
 * Passwords by e-mailed link.
 *
 *   POST /api/auth/forgot-password → always 200 { success: true, message }, always after the same delay
 *   POST /api/auth/setup-password  → 200 { success: true, message }, every session of the user ended;
 *                                    400 { message } for a used, expired or unknown token
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  FORGOT_PASSWORD_MESSAGES,
  ForgotPasswordRequestSchema,
  SETUP_PASSWORD_MESSAGES,
  SetupPasswordRequestSchema,
  type ForgotPasswordResponse,
  type SetupPasswordResponse,
} from '@platform/contracts';
import { validate } from '@platform/service-kit/http';
import type { Router } from 'express';
import type { AuthDeps } from '../runtime.js';
import { hashSecretToken } from '../sessions/secret-token.js';
import { clearSessionCookie, readSessionToken } from '../sessions/session-cookie.js';
import { findSessionOwner } from '../sessions/sessions.repository.js';
import { requestPasswordReset } from './request-password-reset.js';
import { setPasswordWithToken } from './set-password-with-token.js';

/** Every forgot-password answer comes this long after the request (wall-clock, not the service clock). */
export const FORGOT_PASSWORD_DELAY_MS = 400;

export function passwordRoutes(router: Router, deps: AuthDeps): void {
  router.post(
    '/api/auth/forgot-password',
    validate({ body: ForgotPasswordRequestSchema }),
    async (req, res) => {
      // The work runs beside a fixed wait rather than before it, so the answer's timing says nothing
      // about it even when the database is slow; a failure is only logged (the answer cannot differ).
      void requestPasswordReset(deps, {
        email: req.body.email,
        limits: deps.runtime.limits,
        requestId: String(req.id),
      }).catch((error: unknown) => req.log.error({ err: error }, 'could not issue a password reset'));
      await sleep(FORGOT_PASSWORD_DELAY_MS);
      const body: ForgotPasswordResponse = { success: true, message: FORGOT_PASSWORD_MESSAGES.sent };
      res.set('Cache-Control', 'no-store').json(body);
    },
  );

  router.post(
    '/api/auth/setup-password',
    validate({ body: SetupPasswordRequestSchema }),
    async (req, res) => {
      const { userId } = await setPasswordWithToken(deps, {
        token: req.body.token,
        password: req.body.password,
        passwords: deps.runtime.passwords,
      });
      // When the browser's own session was one of them, drop its cookie too (which also tells the gateway
      // to forget what it cached for it).
      const own = readSessionToken(req, deps.config);
      if (own && (await findSessionOwner(deps.db, hashSecretToken(own))) === userId)
        clearSessionCookie(res, deps.config);
      const body: SetupPasswordResponse = { success: true, message: SETUP_PASSWORD_MESSAGES.success };
      res.set('Cache-Control', 'no-store').json(body);
    },
  );
}

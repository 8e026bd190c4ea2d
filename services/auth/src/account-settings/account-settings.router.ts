/**
 * The account page's changes (docs/behaviour/accounts.md#account-page):
 *
 *   PATCH /api/auth/account         → AuthUser; name changed
 *   POST  /api/auth/change-password → { success, message }; other sessions ended; 400 on a wrong current
 *                                     password (issue on currentPassword), 429 past the sign-in limits
 *   POST  /api/auth/change-email    → { success, message }; a link sent to the new address; 409 when taken
 *   POST  /api/auth/confirm-email   → { success, message }; 400 for a used, expired or unknown link
 *
 * The first three need a signed-in caller (401 otherwise); confirming needs only the link.
 */
import {
  ACCOUNT_MESSAGES,
  ChangeEmailRequestSchema,
  ChangePasswordRequestSchema,
  ConfirmEmailRequestSchema,
  UpdateProfileRequestSchema,
} from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { clientAddress, routesWith, validate } from '@platform/service-kit/http';
import { requireUser } from '@platform/service-kit/identity';
import type { Request, Response, Router } from 'express';
import { toAuthUser } from '../accounts/to-auth-user.js';
import { findUserAsSeen } from '../accounts/users.repository.js';
import type { AuthDeps } from '../runtime.js';
import { hashSecretToken } from '../sessions/secret-token.js';
import { readSessionToken } from '../sessions/session-cookie.js';
import { answerAccountAction } from './answer-account-action.js';
import { changePassword } from './change-password.js';
import { confirmEmailChange } from './confirm-email-change.js';
import { requestEmailChange } from './request-email-change.js';
import { updateProfile } from './update-profile.js';

export function accountSettingsRoutes(router: Router, deps: AuthDeps): void {
  const answer = (res: Response, message: string) => answerAccountAction(res, message);
  const checks = (req: Request) => ({
    address: clientAddress(req),
    limits: deps.runtime.limits,
    passwords: deps.runtime.passwords,
  });

  const signedIn = routesWith(router, { access: requireUser });

  signedIn.patch('/api/auth/account', validate({ body: UpdateProfileRequestSchema }), async (req, res) => {
    await updateProfile(deps, { userId: req.caller.userId, request: req.body });
    const seen = await findUserAsSeen(deps.db, req.caller.userId);
    if (!seen) throw new AppError('unauthenticated', 'Unauthorized');
    res.set('Cache-Control', 'no-store').json(toAuthUser(seen.user, seen.returning));
  });

  signedIn.post(
    '/api/auth/change-password',
    validate({ body: ChangePasswordRequestSchema }),
    async (req, res) => {
      const token = readSessionToken(req, deps.config);
      if (!token) throw new AppError('unauthenticated', 'Unauthorized');
      await changePassword(deps, {
        userId: req.caller.userId,
        sessionId: hashSecretToken(token),
        request: req.body,
        ...checks(req),
      });
      answer(res, ACCOUNT_MESSAGES.passwordChanged);
    },
  );

  signedIn.post('/api/auth/change-email', validate({ body: ChangeEmailRequestSchema }), async (req, res) => {
    const { newEmail } = await requestEmailChange(deps, {
      userId: req.caller.userId,
      request: req.body,
      requestId: String(req.id),
      ...checks(req),
    });
    answer(res, ACCOUNT_MESSAGES.emailLinkSent(newEmail));
  });

  router.post('/api/auth/confirm-email', validate({ body: ConfirmEmailRequestSchema }), async (req, res) => {
    await confirmEmailChange(deps, { token: req.body.token });
    answer(res, ACCOUNT_MESSAGES.emailChanged);
  });
}

/**
 * Deleting an account (docs/behaviour/accounts.md#your-data-export-and-deletion):
 *
 *   DELETE /api/account                  { password } → 202; 400 for a wrong password; the cookie cleared
 *   DELETE /api/admin/users/{userId}     → 202 (admin only); 403 for the admin account, 404 for no account
 *
 * The export (`GET /api/account/export`) is written by the gateway from every service's part.
 */
import {
  ACCOUNT_DATA_MESSAGES,
  AdminUserParamsSchema,
  DeleteAccountRequestSchema,
} from '@platform/contracts';
import { clientAddress, routesWith, validate } from '@platform/service-kit/http';
import { requireAdmin, requireUser } from '@platform/service-kit/identity';
import type { Response, Router } from 'express';
import { answerAccountAction } from '../account-settings/answer-account-action.js';
import type { AuthDeps } from '../runtime.js';
import { clearSessionCookie } from '../sessions/session-cookie.js';
import { deleteAccount } from './delete-account.js';

export function accountDataRoutes(router: Router, deps: AuthDeps): void {
  const accepted = (res: Response, message: string) => answerAccountAction(res, message, 202);

  const signedIn = routesWith(router, { access: requireUser });
  const admin = routesWith(router, { access: requireAdmin });

  signedIn.delete('/api/account', validate({ body: DeleteAccountRequestSchema }), async (req, res) => {
    await deleteAccount(deps, {
      userId: req.caller.userId,
      by: 'self',
      password: req.body.password,
      address: clientAddress(req),
    });
    clearSessionCookie(res, deps.config);
    accepted(res, ACCOUNT_DATA_MESSAGES.deleted);
  });

  admin.delete('/api/admin/users/:userId', validate({ params: AdminUserParamsSchema }), async (req, res) => {
    await deleteAccount(deps, { userId: req.params.userId, by: 'admin' });
    accepted(res, ACCOUNT_DATA_MESSAGES.deletedByAdmin);
  });
}

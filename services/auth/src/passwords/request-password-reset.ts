/**
 * Forgot password: for an existing account, a single-use set-password token (1 hour) stored hashed and
 * `auth.password-reset.requested` (which carries the token to the notification service) in one
 * transaction. Nothing about the outcome reaches the caller; the router answers the same either way.
 */
import { HOUR } from '@platform/service-kit/clock';
import { enqueueEvent } from '@platform/service-kit/events';
import { REQUEST_ID_HEADER } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { AuthConfig } from '../config.js';
import { outboxEvents } from '../db/schema.js';
import { findUserByEmail, normalizeEmail } from '../accounts/users.repository.js';
import { newSecretToken } from '../sessions/secret-token.js';
import type { SignInLimits } from '../sign-in-limits/sign-in-limits.js';
import { insertPasswordToken } from './password-tokens.repository.js';

export const PASSWORD_TOKEN_TTL_MS = HOUR;

export type ResetOutcome = 'sent' | 'no-account' | 'limited';

export async function requestPasswordReset(
  deps: ServiceDeps<AuthConfig>,
  options: { email: string; limits: SignInLimits; requestId?: string | undefined },
): Promise<ResetOutcome> {
  const email = normalizeEmail(options.email);
  const user = await findUserByEmail(deps.db, email);
  if (!user) return 'no-account';
  if (!(await options.limits.allowResetEmail(email))) return 'limited';
  const { token, id } = newSecretToken();
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const expiresAt = new Date(now.getTime() + PASSWORD_TOKEN_TTL_MS);
    await insertPasswordToken(tx, { id, userId: user.id, purpose: 'reset', createdAt: now, expiresAt });
    await enqueueEvent(
      tx,
      outboxEvents,
      {
        type: 'auth.password-reset.requested',
        data: {
          userId: user.id,
          email: user.email,
          firstName: user.firstName,
          token,
          expiresAt: expiresAt.toISOString(),
        },
        ...(options.requestId ? { headers: { [REQUEST_ID_HEADER]: options.requestId } } : {}),
      },
      { clock: deps.clock },
    );
  });
  return 'sent';
}

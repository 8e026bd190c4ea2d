/**
 * Asks to move an account to a new e-mail address: after the current password, a single-use link
 * (`EMAIL_CHANGE_LINK_HOURS`) is stored hashed and `auth.email-change.requested` enqueued in one
 * transaction; the notification service sends the link to the new address. The account keeps its address
 * until the link is used (confirm-email-change.ts).
 */
import { ACCOUNT_MESSAGES, EMAIL_CHANGE_LINK_HOURS, type ChangeEmailRequest } from '@platform/contracts';
import { HOUR } from '@platform/service-kit/clock';
import { AppError } from '@platform/service-kit/errors';
import { enqueueEvent } from '@platform/service-kit/events';
import { REQUEST_ID_HEADER } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { AuthConfig } from '../config.js';
import type { PasswordHasher } from '../accounts/password-hash.js';
import { findUserByEmail, findUserById, normalizeEmail } from '../accounts/users.repository.js';
import { emailChanges, outboxEvents } from '../db/schema.js';
import { newSecretToken } from '../sessions/secret-token.js';
import type { SignInLimits } from '../sign-in-limits/sign-in-limits.js';
import { checkCurrentPassword } from './check-current-password.js';

export async function requestEmailChange(
  deps: ServiceDeps<AuthConfig>,
  options: {
    userId: string;
    request: ChangeEmailRequest;
    address: string;
    limits: SignInLimits;
    passwords: PasswordHasher;
    requestId?: string | undefined;
  },
): Promise<{ newEmail: string }> {
  const user = await findUserById(deps.db, options.userId);
  if (!user) throw new AppError('unauthenticated', 'Unauthorized');
  const newEmail = normalizeEmail(options.request.email);
  if (newEmail === user.email) {
    throw new AppError('invalid', ACCOUNT_MESSAGES.sameEmail, [
      { path: 'email', message: ACCOUNT_MESSAGES.sameEmail },
    ]);
  }
  await checkCurrentPassword(user, { ...options, password: options.request.currentPassword });
  if (await findUserByEmail(deps.db, newEmail)) throw new AppError('conflict', ACCOUNT_MESSAGES.emailTaken);
  const { token, id } = newSecretToken();
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_LINK_HOURS * HOUR);
    await tx.insert(emailChanges).values({ id, userId: user.id, newEmail, createdAt: now, expiresAt });
    await enqueueEvent(
      tx,
      outboxEvents,
      {
        type: 'auth.email-change.requested',
        data: {
          userId: user.id,
          newEmail,
          firstName: user.firstName,
          token,
          expiresAt: expiresAt.toISOString(),
        },
        ...(options.requestId ? { headers: { [REQUEST_ID_HEADER]: options.requestId } } : {}),
      },
      { clock: deps.clock },
    );
  });
  return { newEmail };
}

/**
 * Changes a signed-in person's password after checking the current one; every other session of the
 * account ends in the same transaction (the one making the change stays signed in), and unused
 * set-password links are retired.
 */
import type { ChangePasswordRequest } from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { AuthConfig } from '../config.js';
import type { PasswordHasher } from '../accounts/password-hash.js';
import { findUserById, setPasswordHash } from '../accounts/users.repository.js';
import { retireUnusedTokens } from '../passwords/password-tokens.repository.js';
import { endOtherSessionsOfUser } from '../sessions/sessions.repository.js';
import type { SignInLimits } from '../sign-in-limits/sign-in-limits.js';
import { checkCurrentPassword } from './check-current-password.js';

export async function changePassword(
  deps: ServiceDeps<AuthConfig>,
  options: {
    userId: string;
    sessionId: string;
    request: ChangePasswordRequest;
    address: string;
    limits: SignInLimits;
    passwords: PasswordHasher;
  },
): Promise<{ endedSessions: number }> {
  const user = await findUserById(deps.db, options.userId);
  if (!user) throw new AppError('unauthenticated', 'Unauthorized');
  await checkCurrentPassword(user, { ...options, password: options.request.currentPassword });
  const passwordHash = await options.passwords.hash(options.request.password);
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    await setPasswordHash(tx, user.id, passwordHash, now);
    await retireUnusedTokens(tx, user.id, now);
    return { endedSessions: await endOtherSessionsOfUser(tx, user.id, options.sessionId, now) };
  });
}

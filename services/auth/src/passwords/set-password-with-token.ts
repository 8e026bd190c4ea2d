/**
 * Sets a password with a set-password link's token: the token must be unused and unexpired; it is used
 * up, the user's other links retired and every session of the user ended, all in one transaction, under
 * a lock on the account (two of its links used at once: the first wins, the other is refused as used).
 * Using a link proves the address, so this is where an ADMIN_EMAILS address gets the admin role
 * (docs/decisions.md, 11): granting it at sign-up would give it to whoever signs up first with that address.
 */
import { AppError } from '@platform/service-kit/errors';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import { SETUP_PASSWORD_MESSAGES } from '@platform/contracts';
import type { AuthConfig } from '../config.js';
import type { PasswordHasher } from '../accounts/password-hash.js';
import { findUserById, makeAdmin, markEmailVerified, setPasswordHash } from '../accounts/users.repository.js';
import { hashSecretToken } from '../sessions/secret-token.js';
import { endSessionsOfUser } from '../sessions/sessions.repository.js';
import {
  consumePasswordToken,
  isUsablePasswordToken,
  lockTokenOwner,
  retireUnusedTokens,
} from './password-tokens.repository.js';

export async function setPasswordWithToken(
  deps: ServiceDeps<AuthConfig>,
  options: { token: string; password: string; passwords: PasswordHasher },
): Promise<{ userId: string; endedSessions: number }> {
  const id = hashSecretToken(options.token);
  const invalid = new AppError('invalid', SETUP_PASSWORD_MESSAGES.invalidToken);
  // Checked first so a dead link does not cost a hash; checked again, atomically, when used.
  if (!(await isUsablePasswordToken(deps.db, id, deps.clock.now()))) throw invalid;
  const passwordHash = await options.passwords.hash(options.password);
  const result = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    if (!(await lockTokenOwner(tx, id))) return null;
    const token = await consumePasswordToken(tx, id, now);
    if (!token) return null;
    await setPasswordHash(tx, token.userId, passwordHash, now);
    await markEmailVerified(tx, token.userId, now);
    const user = await findUserById(tx, token.userId);
    if (user && deps.config.ADMIN_EMAILS.includes(user.email)) await makeAdmin(tx, user.id, now);
    await retireUnusedTokens(tx, token.userId, now);
    const endedSessions = await endSessionsOfUser(tx, token.userId, now);
    return { userId: token.userId, endedSessions };
  });
  if (!result) throw invalid;
  return result;
}

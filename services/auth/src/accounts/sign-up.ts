/** Creates a password account, signs it in, and announces it (`auth.user.registered`) in one transaction. */
import type { SignupRequest } from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { AuthConfig } from '../config.js';
import type { UserRow } from '../db/schema.js';
import { announceRegistration } from './announce-registration.js';
import { startSession } from '../sessions/start-session.js';
import type { PasswordHasher } from './password-hash.js';
import { insertUser, normalizeEmail } from './users.repository.js';

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';

export interface SignUpOptions {
  request: SignupRequest;
  previousToken: string | undefined;
  requestId?: string | undefined;
  passwords: PasswordHasher;
}

export async function signUp(
  deps: ServiceDeps<AuthConfig>,
  options: SignUpOptions,
): Promise<{ user: UserRow; token: string }> {
  const email = normalizeEmail(options.request.email);
  const passwordHash = await options.passwords.hash(options.request.password);
  const result = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const user = await insertUser(tx, {
      email,
      firstName: options.request.firstName,
      lastName: options.request.lastName,
      passwordHash,
      // Never 'admin' here: nothing proves the address yet (see setPasswordWithToken).
      role: 'user',
      now,
    });
    if (!user) return null;
    await announceRegistration(tx, user, { clock: deps.clock, requestId: options.requestId });
    const token = await startSession(tx, deps, { userId: user.id, previousToken: options.previousToken });
    return { user, token };
  });
  if (!result) throw new AppError('conflict', EMAIL_TAKEN_MESSAGE);
  return result;
}

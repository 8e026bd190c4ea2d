/**
 * Password sign-in. Unknown addresses cost the same scrypt work as wrong passwords; failures count
 * against the account and the client address; every success starts a new session.
 */
import type { LoginRequest } from '@platform/contracts';
import type { ServiceDeps } from '@platform/service-kit';
import type { AuthConfig } from '../config.js';
import type { SignInLimits } from '../sign-in-limits/sign-in-limits.js';
import { startSession } from '../sessions/start-session.js';
import { verifyAgainstDummy, verifyPassword } from './password-hash.js';
import { findUserByEmail, normalizeEmail } from './users.repository.js';

export type LogInResult =
  | { outcome: 'signed-in'; token: string; userId: string }
  | { outcome: 'invalid' }
  | { outcome: 'blocked'; retryAfterSeconds: number };

export interface LogInOptions {
  request: LoginRequest;
  address: string;
  previousToken: string | undefined;
  limits: SignInLimits;
}

export async function logIn(deps: ServiceDeps<AuthConfig>, options: LogInOptions): Promise<LogInResult> {
  const email = normalizeEmail(options.request.email);
  const retryAfterSeconds = await options.limits.blockedFor(email, options.address);
  if (retryAfterSeconds !== null) return { outcome: 'blocked', retryAfterSeconds };

  const user = await findUserByEmail(deps.db, email);
  const valid = user?.passwordHash
    ? await verifyPassword(options.request.password, user.passwordHash)
    : await verifyAgainstDummy(options.request.password);
  if (!user || !valid) {
    await options.limits.recordFailure(email, options.address);
    return { outcome: 'invalid' };
  }

  await options.limits.recordSuccess(email);
  const token = await startSession({
    db: deps.db,
    clock: deps.clock,
    config: deps.config,
    userId: user.id,
    previousToken: options.previousToken,
  });
  return { outcome: 'signed-in', token, userId: user.id };
}

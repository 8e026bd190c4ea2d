/**
 * Password sign-in. A place in the sign-in limits is taken before the password is checked, and the check
 * waits as long as the limits say (an address or account with many recent failures); an unknown
 * e-mail address costs the same hashing work as a wrong password; a hash made by an older scheme or at another
 * cost is replaced after a successful check; every success starts a new session, unless the password
 * changed or the account was deleted while it was being checked.
 */
import { channel } from 'node:diagnostics_channel';
import { setTimeout as wait } from 'node:timers/promises';
import type { LoginRequest } from '@platform/contracts';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { AuthConfig } from '../config.js';
import type { UserRow } from '../db/schema.js';
import type { SignInLimits } from '../sign-in-limits/sign-in-limits.js';
import { startSession } from '../sessions/start-session.js';
import type { PasswordHasher } from './password-hash.js';
import {
  findUserByEmail,
  lockUserWithPasswordHash,
  normalizeEmail,
  replacePasswordHash,
} from './users.repository.js';

/** Announces each sign-in the limits slowed, `{ delayMs }`, before its wait (for tests and operators). */
export const SIGN_IN_SLOWED_CHANNEL = 'auth.sign-in.slowed';
const slowed = channel(SIGN_IN_SLOWED_CHANNEL);

export type LogInResult =
  | { outcome: 'signed-in'; token: string; userId: string }
  | { outcome: 'invalid' }
  | { outcome: 'blocked'; retryAfterSeconds: number };

export interface LogInOptions {
  request: LoginRequest;
  address: string;
  previousToken: string | undefined;
  limits: SignInLimits;
  passwords: PasswordHasher;
}

export async function logIn(deps: ServiceDeps<AuthConfig>, options: LogInOptions): Promise<LogInResult> {
  const email = normalizeEmail(options.request.email);
  const admission = await options.limits.admit(email, options.address);
  if (!admission.admitted) return { outcome: 'blocked', retryAfterSeconds: admission.retryAfterSeconds };
  const { attempt } = admission;
  if (admission.delayMs > 0) {
    if (slowed.hasSubscribers) slowed.publish({ delayMs: admission.delayMs });
    await wait(admission.delayMs);
  }

  let user: UserRow | undefined;
  let valid: boolean;
  try {
    user = await findUserByEmail(deps.db, email);
    valid = user?.passwordHash
      ? await options.passwords.verify(options.request.password, user.passwordHash)
      : await options.passwords.verifyAgainstDummy(options.request.password);
  } catch (error) {
    await attempt.abandoned();
    throw error;
  }
  if (!user || !valid) {
    await attempt.failed();
    return { outcome: 'invalid' };
  }
  await attempt.succeeded();

  let checkedHash = user.passwordHash!;
  if (options.passwords.needsRehash(checkedHash)) {
    checkedHash = await upgradeHash(deps, options, user.id, checkedHash);
  }
  const userId = user.id;
  // The password may have changed (every session ended) or the account gone while it was being checked:
  // a session started on the old password would outlive that change.
  const token = await deps.db.transaction(async (tx) =>
    (await lockUserWithPasswordHash(tx, userId, checkedHash))
      ? startSession(tx, deps, { userId, previousToken: options.previousToken })
      : null,
  );
  if (token === null) return { outcome: 'invalid' };
  return { outcome: 'signed-in', token, userId };
}

/**
 * Stores the password again at the current algorithm and cost; a failure is logged, never refused.
 * Returns the hash the account has now (the new one, or the previous one when it was not replaced).
 */
async function upgradeHash(
  deps: ServiceDeps<AuthConfig>,
  options: LogInOptions,
  userId: string,
  previousHash: string,
): Promise<string> {
  try {
    const passwordHash = await options.passwords.hash(options.request.password);
    if (await replacePasswordHash(deps.db, userId, previousHash, passwordHash)) return passwordHash;
  } catch (error) {
    deps.logger.warn({ err: error, userId }, 'could not rehash a password at the current cost');
  }
  return previousHash;
}

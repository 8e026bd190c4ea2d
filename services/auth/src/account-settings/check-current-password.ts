/**
 * The current password a signed-in person types before a change of password or e-mail. It goes through
 * the sign-in limits like a sign-in (same counters, same pair block), so a session left open cannot be
 * used to guess the password faster than the sign-in page allows.
 */
import { setTimeout as wait } from 'node:timers/promises';
import { ACCOUNT_MESSAGES } from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import type { PasswordHasher } from '../accounts/password-hash.js';
import type { UserRow } from '../db/schema.js';
import type { SignInLimits } from '../sign-in-limits/sign-in-limits.js';

export async function checkCurrentPassword(
  user: UserRow,
  options: {
    password: string;
    address: string;
    limits: SignInLimits;
    passwords: PasswordHasher;
    /** The form's field and its refusal (deleting an account asks for `password`). */
    field?: string;
    wrongMessage?: string;
  },
): Promise<void> {
  const field = options.field ?? 'currentPassword';
  const wrongMessage = options.wrongMessage ?? ACCOUNT_MESSAGES.wrongPassword;
  if (!user.passwordHash) {
    throw new AppError('invalid', ACCOUNT_MESSAGES.noPassword, [
      { path: field, message: ACCOUNT_MESSAGES.noPassword },
    ]);
  }
  const admission = await options.limits.admit(user.email, options.address);
  if (!admission.admitted) throw new AppError('rate_limited', ACCOUNT_MESSAGES.tooManyAttempts);
  if (admission.delayMs > 0) await wait(admission.delayMs);
  let valid: boolean;
  try {
    valid = await options.passwords.verify(options.password, user.passwordHash);
  } catch (error) {
    await admission.attempt.abandoned();
    throw error;
  }
  if (!valid) {
    await admission.attempt.failed();
    throw new AppError('invalid', wrongMessage, [{ path: field, message: wrongMessage }]);
  }
  await admission.attempt.succeeded();
}

/**
 * The password rules of sign-up (8+ characters) and password setup (12+), shared by the schemas and the
 * pages' live checklists so the browser and the server say the same thing, word for word.
 */
import { z } from 'zod';
import { plainText } from '../text.js';

/** The symbols that count as "a symbol": !@#$%^&*(),.?":{}|<> */
export const PASSWORD_SYMBOLS = '!@#$%^&*(),.?":{}|<>';
export const PASSWORD_SYMBOL_PATTERN = /[!@#$%^&*(),.?":{}|<>]/;
export const PASSWORD_UPPERCASE_PATTERN = /[A-Z]/;

export const SIGNUP_PASSWORD_MIN_LENGTH = 8;
export const SETUP_PASSWORD_MIN_LENGTH = 12;
/** Longer than any password a person types; keeps hashing bounded. */
export const PASSWORD_MAX_LENGTH = 256;

export const PASSWORD_MESSAGES = {
  required: 'Password is required',
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  uppercase: 'Password must contain at least one uppercase letter',
  symbol: 'Password must contain at least one symbol',
  mismatch: "Passwords don't match",
  minLength: (min: number) => `Password must be at least ${min} characters`,
} as const;

/** A new password: at least `minLength` characters, one uppercase letter and one symbol. */
export function newPasswordSchema(minLength: number) {
  // A new password never has control characters or lone surrogates (the latter would hash like U+FFFD).
  // Sign-in does not check this, so a password set before the rule still works.
  return plainText(
    z
      .string({ error: PASSWORD_MESSAGES.minLength(minLength) })
      .min(minLength, PASSWORD_MESSAGES.minLength(minLength))
      .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong)
      .regex(PASSWORD_UPPERCASE_PATTERN, PASSWORD_MESSAGES.uppercase)
      .regex(PASSWORD_SYMBOL_PATTERN, PASSWORD_MESSAGES.symbol),
  );
}

/**
 * Adds "Passwords don't match" on `confirmPassword`. It runs whenever both fields are strings, even while
 * another field is still invalid, so a form shows the mismatch as the user types.
 */
export function refinePasswordsMatch<T extends z.ZodType<{ password: string; confirmPassword: string }>>(
  schema: T,
) {
  return schema.refine((form) => form.password === form.confirmPassword, {
    message: PASSWORD_MESSAGES.mismatch,
    path: ['confirmPassword'],
    when: (payload) => {
      const value = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
      return typeof value?.password === 'string' && typeof value.confirmPassword === 'string';
    },
  });
}

export type PasswordRuleId = 'length' | 'uppercase' | 'symbol' | 'match';

export interface PasswordRuleCheck {
  id: PasswordRuleId;
  /** The checklist item as the page shows it, e.g. 'At least 8 characters'. */
  label: string;
  met: boolean;
}

/**
 * The live checklist: At least N characters, At least one uppercase letter, At least one symbol,
 * Passwords match (met only when the confirmation is filled in and equal).
 */
export function checkPasswordRules(
  password: string,
  confirmPassword: string,
  minLength: number = SIGNUP_PASSWORD_MIN_LENGTH,
): PasswordRuleCheck[] {
  return [
    { id: 'length', label: `At least ${minLength} characters`, met: password.length >= minLength },
    {
      id: 'uppercase',
      label: 'At least one uppercase letter',
      met: PASSWORD_UPPERCASE_PATTERN.test(password),
    },
    { id: 'symbol', label: 'At least one symbol', met: PASSWORD_SYMBOL_PATTERN.test(password) },
    {
      id: 'match',
      label: 'Passwords match',
      met: confirmPassword.length > 0 && password === confirmPassword,
    },
  ];
}

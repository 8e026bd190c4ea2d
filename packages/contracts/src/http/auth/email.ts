/** The e-mail fields of the auth forms. */
import { z } from 'zod';
import { plainText } from '../text.js';

export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const EMAIL_MAX_LENGTH = 254;
/**
 * Any address with one `@` and no spaces. Accounts that already exist are looked up with it, because the
 * built-in support account is `admin@localhost` (docs/decisions.md, 11), which a stricter check refuses.
 */
export const ADDRESS_PATTERN = /^[^\s@]+@[^\s@]+$/;

/** A new account's address: trimmed, then checked for text@text.text. The server stores it lower-cased. */
export const EmailSchema = plainText(z.string({ error: EMAIL_MESSAGE }).trim(), {
  message: EMAIL_MESSAGE,
}).pipe(z.email({ error: EMAIL_MESSAGE }).max(EMAIL_MAX_LENGTH, EMAIL_MESSAGE));

/** The address of an account that may exist (sign-in, forgot password). */
export const SignInEmailSchema = plainText(
  z
    .string({ error: EMAIL_MESSAGE })
    .trim()
    .regex(ADDRESS_PATTERN, EMAIL_MESSAGE)
    .max(EMAIL_MAX_LENGTH, EMAIL_MESSAGE),
  { message: EMAIL_MESSAGE },
);

/** An account's address as services pass it around (identity, events). */
export const AccountEmailSchema = plainText(z.string().regex(ADDRESS_PATTERN).max(EMAIL_MAX_LENGTH));

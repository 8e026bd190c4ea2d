/** `POST /api/auth/login`: e-mail and password; a new session cookie on success. */
import { z } from 'zod';
import { SignInEmailSchema } from './email.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES } from './password-rules.js';

export const LoginRequestSchema = z.object({
  email: SignInEmailSchema,
  // Only ever hashed, never stored as text, and a password set before the text rule must still sign in:
  // not a textField.
  password: z
    .string({ error: PASSWORD_MESSAGES.required })
    .min(1, PASSWORD_MESSAGES.required)
    .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** 200 `{ success: true }`; 401 and 429 answer `{ success: false, message }` too. */
export const LoginResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const LOGIN_MESSAGES = {
  success: 'Logged in successfully',
  invalid: 'Invalid email or password',
  tooManyAttempts: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
} as const;

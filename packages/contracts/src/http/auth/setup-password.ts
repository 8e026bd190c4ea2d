/**
 * `POST /api/auth/setup-password`: sets a password with the single-use token of a set-password e-mail
 * (`/setup-password?token=…`), and ends every session of that account.
 */
import { z } from 'zod';
import { textField } from '../text.js';
import {
  newPasswordSchema,
  PASSWORD_MESSAGES,
  refinePasswordsMatch,
  SETUP_PASSWORD_MIN_LENGTH,
} from './password-rules.js';
import { actionSucceeded } from '../fields.js';

export const SetupPasswordRequestSchema = refinePasswordsMatch(
  z.object({
    token: textField({ min: 1, max: 512, required: 'Token is required' }),
    password: newPasswordSchema(SETUP_PASSWORD_MIN_LENGTH),
    confirmPassword: z.string({ error: PASSWORD_MESSAGES.mismatch }),
  }),
);
export type SetupPasswordRequest = z.infer<typeof SetupPasswordRequestSchema>;

/** The page's form is the request itself (the token comes from the query string). */
export const SetupPasswordFormSchema = SetupPasswordRequestSchema;
export type SetupPasswordForm = SetupPasswordRequest;

export const SetupPasswordResponseSchema = z.object(actionSucceeded);
export type SetupPasswordResponse = z.infer<typeof SetupPasswordResponseSchema>;

export const SETUP_PASSWORD_MESSAGES = {
  success: 'Your password has been set. You can now sign in.',
  invalidToken: 'This link is invalid or has expired. Please request a new one.',
} as const;

/**
 * `POST /api/auth/forgot-password`: always the same answer, whether or not the address has an account;
 * the set-password link travels only by e-mail (never a token in the answer).
 */
import { z } from 'zod';
import { SignInEmailSchema } from './email.js';
import { actionSucceeded } from '../fields.js';

export const FORGOT_PASSWORD_MESSAGES = {
  emailRequired: 'Please enter your email first.',
  sent: 'If an account exists for that email, we have sent a link to set a new password.',
} as const;

export const ForgotPasswordRequestSchema = z.object({
  email: z
    .string({ error: FORGOT_PASSWORD_MESSAGES.emailRequired })
    .trim()
    .min(1, FORGOT_PASSWORD_MESSAGES.emailRequired)
    .pipe(SignInEmailSchema),
});
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequestSchema>;

export const ForgotPasswordResponseSchema = z.strictObject(actionSucceeded);
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponseSchema>;

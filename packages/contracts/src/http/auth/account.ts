/**
 * The account page's requests (signed in; docs/behaviour/accounts.md#account-page):
 *
 *   PATCH /api/auth/account         { firstName, lastName }                       → AuthUser
 *   POST  /api/auth/change-password { currentPassword, password, confirmPassword } → AccountActionResponse;
 *                                    every other session of the account ends
 *   POST  /api/auth/change-email    { email, currentPassword }                    → AccountActionResponse;
 *                                    a confirmation link goes to the new address
 *   POST  /api/auth/confirm-email   { token } (no sign-in needed: the link proves the address)
 *                                    → AccountActionResponse
 */
import { z } from 'zod';
import { textField } from '../text.js';
import { EmailSchema } from './email.js';
import {
  newPasswordSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  refinePasswordsMatch,
  SIGNUP_PASSWORD_MIN_LENGTH,
} from './password-rules.js';
import { SignupRequestSchema } from './signup.js';
import { actionSucceeded } from '../fields.js';

export const UpdateProfileRequestSchema = SignupRequestSchema.pick({ firstName: true, lastName: true });
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequestSchema>;

const CURRENT_PASSWORD_REQUIRED = 'Current password is required';

const CurrentPasswordSchema = z
  .string({ error: CURRENT_PASSWORD_REQUIRED })
  .min(1, CURRENT_PASSWORD_REQUIRED)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong);

export const ChangePasswordRequestSchema = refinePasswordsMatch(
  z.object({
    currentPassword: CurrentPasswordSchema,
    password: newPasswordSchema(SIGNUP_PASSWORD_MIN_LENGTH),
    confirmPassword: z.string({ error: PASSWORD_MESSAGES.mismatch }),
  }),
);
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

export const ChangeEmailRequestSchema = z.object({
  email: EmailSchema,
  currentPassword: CurrentPasswordSchema,
});
export type ChangeEmailRequest = z.infer<typeof ChangeEmailRequestSchema>;

export const ConfirmEmailRequestSchema = z.object({
  token: textField({ min: 1, max: 512, required: 'Token is required' }),
});
export type ConfirmEmailRequest = z.infer<typeof ConfirmEmailRequestSchema>;

export const AccountActionResponseSchema = z.object(actionSucceeded);
export type AccountActionResponse = z.infer<typeof AccountActionResponseSchema>;

/** How long an e-mail change link stays valid. */
export const EMAIL_CHANGE_LINK_HOURS = 24;

export const ACCOUNT_MESSAGES = {
  currentRequired: CURRENT_PASSWORD_REQUIRED,
  wrongPassword: 'Your current password is incorrect',
  tooManyAttempts: 'Too many failed attempts. Please wait 15 minutes and try again.',
  noPassword: 'Your account has no password yet. Use “Forgot your password?” on the sign-in page to set one.',
  passwordChanged: 'Your password has been changed. You were signed out everywhere else.',
  sameEmail: 'This is already your email address',
  emailTaken: 'An account with this email already exists',
  emailLinkSent: (email: string) =>
    `We sent a link to ${email}. Open it within ${EMAIL_CHANGE_LINK_HOURS} hours to confirm your new email address.`,
  emailChanged: 'Your email address has been changed.',
  invalidLink: 'This link is invalid or has expired. Please request a new one from your account page.',
} as const;

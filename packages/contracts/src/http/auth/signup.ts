/** `POST /api/auth/signup`: creates the account and signs it in (201, session cookie). */
import { z } from 'zod';
import { AuthUserSchema } from './get-auth-user.js';
import { textField } from '../text.js';
import { EmailSchema } from './email.js';
import {
  newPasswordSchema,
  PASSWORD_MESSAGES,
  refinePasswordsMatch,
  SIGNUP_PASSWORD_MIN_LENGTH,
} from './password-rules.js';
import { actionSucceeded } from '../fields.js';

const NAME_MAX_LENGTH = 100;

/** A required name of the account ('First name', 'Last name'), its messages naming it. */
function nameField(label: string): z.ZodString {
  return textField({
    min: 1,
    max: NAME_MAX_LENGTH,
    required: `${label} is required`,
    tooLong: `${label} must be at most ${NAME_MAX_LENGTH} characters`,
  });
}

export const SignupRequestSchema = z.object({
  firstName: nameField('First name'),
  lastName: nameField('Last name'),
  email: EmailSchema,
  password: newPasswordSchema(SIGNUP_PASSWORD_MIN_LENGTH),
});
export type SignupRequest = z.infer<typeof SignupRequestSchema>;

/** The sign-up form: the request plus a confirmation that must match ("Passwords don't match"). */
export const SignupFormSchema = refinePasswordsMatch(
  SignupRequestSchema.extend({ confirmPassword: z.string({ error: PASSWORD_MESSAGES.mismatch }) }),
);
export type SignupForm = z.infer<typeof SignupFormSchema>;

export const SignupResponseSchema = z.object({
  ...actionSucceeded,
  user: AuthUserSchema,
});
export type SignupResponse = z.infer<typeof SignupResponseSchema>;

export const SIGNUP_MESSAGES = {
  success: 'Account created successfully',
  emailTaken: 'An account with this email already exists',
} as const;

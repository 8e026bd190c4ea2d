/** `auth.user.registered`: a new account signed up (or arrived through OpenID Connect); a welcome e-mail. */
import { z } from 'zod';
import { emailedAccount } from './fields.js';

export const AuthUserRegisteredSchema = z.object({
  ...emailedAccount,
  /** Optional: events sent before it existed carry none (the course service prints it on certificates). */
  lastName: z.string().optional(),
});

export type AuthUserRegistered = z.infer<typeof AuthUserRegisteredSchema>;

/**
 * `auth.password-reset.requested`: someone asked for a set-password link for an existing account. The
 * notification service e-mails `<site>/setup-password?token=<token>`. The token is the only copy in
 * clear text (auth stores its SHA-256); it travels only inside the platform, never to a browser.
 */
import { z } from 'zod';
import { emailedAccount } from './fields.js';
import { isoDateTime } from '../http/fields.js';

export const AuthPasswordResetRequestedSchema = z.object({
  ...emailedAccount,
  /** base64url of 32 random bytes, single use. */
  token: z.string().min(1),
  /** ISO 8601; one hour after the request. */
  expiresAt: isoDateTime,
});

export type AuthPasswordResetRequested = z.infer<typeof AuthPasswordResetRequestedSchema>;

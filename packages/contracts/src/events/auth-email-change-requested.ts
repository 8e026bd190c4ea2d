/**
 * `auth.email-change.requested`: a signed-in person asked to move their account to a new address. The
 * notification service e-mails `<site>/account/confirm-email?token=<token>` to the new address. The token
 * is the only copy in clear text (auth stores its SHA-256); it travels only inside the platform.
 */
import { z } from 'zod';
import { AccountEmailSchema } from '../http/auth/email.js';
import { isoDateTime } from '../http/fields.js';

export const AuthEmailChangeRequestedSchema = z.object({
  userId: z.string().min(1),
  /** The address to confirm: the e-mail goes there. */
  newEmail: AccountEmailSchema,
  firstName: z.string(),
  /** base64url of 32 random bytes, single use. */
  token: z.string().min(1),
  /** ISO 8601. */
  expiresAt: isoDateTime,
});

export type AuthEmailChangeRequested = z.infer<typeof AuthEmailChangeRequestedSchema>;

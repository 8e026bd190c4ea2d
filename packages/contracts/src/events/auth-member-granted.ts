/**
 * `auth.member.granted`: an account (found or created by e-mail) became a paid member through an order.
 * Course enrols it; when `setPassword` is set, notification e-mails the set-password link (the token's only clear
 * copy, as in `auth.password-reset.requested`).
 */
import { z } from 'zod';
import { emailedAccount } from './fields.js';
import { isoDateTime } from '../http/fields.js';

export const AuthMemberGrantedSchema = z.object({
  ...emailedAccount,
  /** Optional: events sent before it existed carry none (the course service prints it on certificates). */
  lastName: z.string().optional(),
  orderId: z.uuid(),
  courseIds: z.array(z.number().int().positive()),
  isNewAccount: z.boolean(),
  /**
   * For an account that cannot sign in yet (a new one, or one an earlier checkout created that never got a
   * password): base64url of 32 random bytes, single use, valid 7 days, and its expiry. Null otherwise.
   */
  setPassword: z.object({ token: z.string().min(1), expiresAt: isoDateTime }).nullable(),
  grantedAt: isoDateTime,
});
export type AuthMemberGranted = z.infer<typeof AuthMemberGrantedSchema>;

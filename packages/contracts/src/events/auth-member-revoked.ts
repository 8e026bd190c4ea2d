/** `auth.member.revoked`: the order that made an account a member was refunded; course withdraws enrolment. */
import { z } from 'zod';
import { AccountEmailSchema } from '../http/auth/email.js';
import { isoDateTime } from '../http/fields.js';

export const AuthMemberRevokedSchema = z.object({
  userId: z.string().min(1),
  email: AccountEmailSchema,
  orderId: z.uuid(),
  courseIds: z.array(z.number().int().positive()),
  /** False when another paid order keeps the account a member. */
  membershipEnded: z.boolean(),
  revokedAt: isoDateTime,
});
export type AuthMemberRevoked = z.infer<typeof AuthMemberRevokedSchema>;

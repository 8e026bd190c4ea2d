/**
 * `auth.team-member.prepared`: the account for a staff seat's e-mail exists (found, or created without a
 * password). The course service enrols it on the seat; the notification service sends the invitation,
 * with the set-password link when `setPassword` is set (the token's only clear copy).
 */
import { z } from 'zod';
import { AccountEmailSchema } from '../http/auth/email.js';
import { isoDateTime } from '../http/fields.js';

export const AuthTeamMemberPreparedSchema = z.object({
  seatId: z.uuid(),
  ownerId: z.string().min(1),
  ownerName: z.string(),
  userId: z.string().min(1),
  email: AccountEmailSchema,
  isNewAccount: z.boolean(),
  setPassword: z.object({ token: z.string().min(1), expiresAt: isoDateTime }).nullable(),
  preparedAt: isoDateTime,
});
export type AuthTeamMemberPrepared = z.infer<typeof AuthTeamMemberPreparedSchema>;

/**
 * `course.team.member-invited`: a buyer of the course gave a staff seat to an e-mail address
 * (docs/behaviour/member-learning.md#team). The auth service finds or creates the invitee's account (as for
 * a guest at checkout) and answers with `auth.team-member.prepared`.
 */
import { z } from 'zod';
import { AccountEmailSchema } from '../http/auth/email.js';
import { isoDateTime } from '../http/fields.js';

export const CourseTeamMemberInvitedSchema = z.object({
  seatId: z.uuid(),
  ownerId: z.string().min(1),
  /** The owner's name as the course knows it (for the invitation e-mail); empty when unknown. */
  ownerName: z.string(),
  email: AccountEmailSchema,
  invitedAt: isoDateTime,
});
export type CourseTeamMemberInvited = z.infer<typeof CourseTeamMemberInvitedSchema>;

/**
 * Staff seats (docs/behaviour/member-learning.md#team): a buyer of the course invites up to
 * `TEAM_SEAT_LIMIT` staff by e-mail from `/team`; each invitee studies on an account of their own, with the
 * drip from their own start, and the owner sees each member's progress.
 */
import { z } from 'zod';
import { EmailSchema } from '../auth/email.js';
import { isoDateTime } from '../fields.js';

export const TEAM_SEAT_LIMIT = 5;

export const TEAM_MESSAGES = {
  notOwner: 'Only a buyer of the course can invite staff',
  full: `All ${TEAM_SEAT_LIMIT} seats are taken. Remove a member to free one.`,
  duplicate: 'This person is already on your team',
  self: 'You cannot invite yourself',
  notFound: 'Team member not found',
} as const;

/** `POST /api/team/invitations`. */
export const TeamInvitationRequestSchema = z.object({ email: EmailSchema });
export type TeamInvitationRequest = z.infer<typeof TeamInvitationRequestSchema>;

/** `DELETE /api/team/members/:id`. */
export const TeamSeatIdParamsSchema = z.object({ id: z.uuid() });

export const TEAM_SEAT_STATUSES = ['invited', 'active'] as const;

export const TeamMemberSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  /** `invited` until the account is ready (a moment after the invitation), then `active`. */
  status: z.enum(TEAM_SEAT_STATUSES),
  invitedAt: isoDateTime,
  /** Sections of the owner's courses the member completed, and how many there are. */
  completedSections: z.number().int().nonnegative(),
  totalSections: z.number().int().nonnegative(),
  lastActiveAt: isoDateTime.nullable(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

/** `GET /api/team`: the owner's seats in invitation order. */
export const TeamSchema = z.object({
  seatLimit: z.number().int().positive(),
  /** Whether the caller bought the course (only buyers have a team). */
  canInvite: z.boolean(),
  members: z.array(TeamMemberSchema),
});
export type Team = z.infer<typeof TeamSchema>;

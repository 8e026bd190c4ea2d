/**
 * Leaving the revenue-share programme (docs/behaviour/revenue-share.md#leaving-the-programme;
 * docs/decisions.md, 99):
 *
 *   POST /api/revenue-share/leave   { reason }   the owner, their own plan (404 without one, 409 once left)
 *
 * What is owed stays owed; after leaving no report is asked for, taken or estimated (the terms' 'Cancel
 * anytime': shares already owed for months reported stay owed; nothing more is asked).
 */
import { z } from 'zod';
import { reasonBodySchema } from '../text.js';
import { RevenuePlanSchema } from './plan.js';
import { actionSucceeded } from '../fields.js';

export const LEAVE_REASON_MAX = 2000;

export const REVENUE_LEAVE_MESSAGES = {
  reasonRequired: 'Please tell us why you are leaving',
  reasonTooLong: `The reason must be at most ${LEAVE_REASON_MAX} characters`,
  noPlan: 'You are not on the Premium Success Program',
  alreadyLeft: 'You have already left the Premium Success Program',
  /** 409 for a report after leaving. */
  noReportsAfterLeaving: 'You left the Premium Success Program; no more reports are taken',
  left: 'You have left the Premium Success Program',
  /** The dashboard card. */
  button: 'Leave the program',
  dialogTitle: 'Leave the Premium Success Program?',
  confirm: 'Leave the program',
  leaving: 'Leaving...',
  reasonLabel: 'Why are you leaving?',
  failed: 'Could not leave the program. Please try again.',
  leftTitle: 'You left the program',
} as const;

/** The course rule (docs/decisions.md, 99), in the owner's confirmation e-mail. */
export const LEAVE_COURSE_ACCESS =
  'Your course access stays as it is: the sections open stay open and the next ones open on their days.';

/**
 * The dialog's sentence on what stays owed (`owed` formatted as dollars), as the terms put it: shares of
 * the months reported stay owed; nothing more is asked.
 */
export function leaveConsequences(owed: string): string {
  return `What you owe stays owed: ${owed} today, paid as before. No report is asked for or taken after you leave, and nothing more is charged. Your course access stays as it is.`;
}

export const LeaveRevenueShareRequestSchema = reasonBodySchema(LEAVE_REASON_MAX, {
  required: REVENUE_LEAVE_MESSAGES.reasonRequired,
  tooLong: REVENUE_LEAVE_MESSAGES.reasonTooLong,
});
export type LeaveRevenueShareRequest = z.infer<typeof LeaveRevenueShareRequestSchema>;

export const LeaveRevenueShareResponseSchema = z.object({
  ...actionSucceeded,
  plan: RevenuePlanSchema,
});
export type LeaveRevenueShareResponse = z.infer<typeof LeaveRevenueShareResponseSchema>;

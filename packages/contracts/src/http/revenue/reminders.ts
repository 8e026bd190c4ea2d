/**
 * The reminder ladder as the owner and the admin see it (docs/behaviour/revenue-share.md#the-reminder-ladder):
 *
 *   GET /api/revenue-reminders                        ReminderLadder (the signed-in owner's own)
 *   GET /api/admin/revenue-customers/:id/reminders    ReminderLadder (any owner's; 404 without a plan)
 *
 * `sent`: every reminder e-mailed, newest first, automatic or the admin's. `next`: the rungs still to
 * come, soonest first; a rung stops coming once its report or payment arrives. With a card on file `next` also
 * lists the share's next charge to it (`card-charge`: not an e-mail, what the collection will do;
 * docs/decisions.md, 112).
 */
import { z } from 'zod';
import { RevenueReminderKindSchema } from '../../events/revenue-events.js';
import { isoDateTime } from '../fields.js';

/** A reminder's kind, or `card-charge`: the share's next charge to the card on file. */
export const ReminderEntryKindSchema = z.union([RevenueReminderKindSchema, z.literal('card-charge')]);

export const ReminderEntrySchema = z.object({
  kind: ReminderEntryKindSchema,
  trigger: z.enum(['automatic', 'admin']),
  /** Days from the month's end or the share's due date; null for the nudges and the admin's. */
  step: z.number().int().nullable(),
  /** What it is about and where on the ladder, in words ('March 2030 report: 3 days late'). */
  label: z.string(),
  /** When it was sent, or when it is due. */
  at: isoDateTime,
});
export type ReminderEntry = z.infer<typeof ReminderEntrySchema>;

export const ReminderLadderSchema = z.object({
  sent: z.array(ReminderEntrySchema),
  next: z.array(ReminderEntrySchema),
});
export type ReminderLadder = z.infer<typeof ReminderLadderSchema>;

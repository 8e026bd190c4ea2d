/** Fields and field builders that bodies, answers and events of every service are made of. */
import { z } from 'zod';

/** An instant as the services write it: ISO 8601 with its offset (`toISOString()`'s `Z` included). */
export const isoDateTime = z.iso.datetime({ offset: true });

/** The start of an answer to an action that succeeded: `message` is the words the page shows for it. */
export const actionSucceeded = { success: z.literal(true), message: z.string() };

/** A whole number from `min` to `max`, refused with the one message whatever is wrong with it. */
export function wholeNumberInRange(min: number, max: number, message: string): z.ZodNumber {
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

/** A card's last four digits, as the card providers give them. */
export const cardLast4 = z.string().regex(/^\d{4}$/);

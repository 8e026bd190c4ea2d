/** Fields several events carry alike (not an event: nothing here is registered in `eventSchemas`). */
import { z } from 'zod';
import { AccountEmailSchema } from '../http/auth/email.js';
import { isoDateTime } from '../http/fields.js';

/** The account an e-mailed event is addressed to. */
export const emailedAccount = {
  userId: z.string().min(1),
  email: AccountEmailSchema,
  /** '' when the account has no first name. */
  firstName: z.string(),
};

/**
 * When an event carries a whole current state: a count of its subject's changes (1 for the first) taken with
 * the change, so consumers keep the highest even when two changes share a `changedAt`.
 */
export const countedChange = {
  sequence: z.number().int().positive(),
  changedAt: isoDateTime,
};

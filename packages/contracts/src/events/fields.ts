/** Fields several events carry alike (not an event: nothing here is registered in `eventSchemas`). */
import { z } from 'zod';
import { AccountEmailSchema } from '../http/auth/email.js';

/** The account an e-mailed event is addressed to. */
export const emailedAccount = {
  userId: z.string().min(1),
  email: AccountEmailSchema,
  /** '' when the account has no first name. */
  firstName: z.string(),
};

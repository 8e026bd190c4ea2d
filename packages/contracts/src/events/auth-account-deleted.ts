/**
 * `auth.account.deleted`: a person's account was deleted, at their request or by the admin on their request
 * (docs/behaviour/accounts.md#your-data-export-and-deletion). Auth has already removed the account and its
 * sessions; every other service erases the personal data it keeps for this user id or e-mail address and
 * anonymises what the business must keep (orders, invoices, revenue reports, payments) (docs/decisions.md, 103).
 */
import { z } from 'zod';
import { AccountEmailSchema } from '../http/auth/email.js';
import { isoDateTime } from '../http/fields.js';

export const AuthAccountDeletedSchema = z.object({
  userId: z.string().min(1),
  /** The account's address when it was deleted: what guests' orders and contact messages are kept under. */
  email: AccountEmailSchema,
  deletedAt: isoDateTime,
  /** `self` when the person deleted it, `admin` when the admin did on their request. */
  by: z.enum(['self', 'admin']),
});
export type AuthAccountDeleted = z.infer<typeof AuthAccountDeletedSchema>;

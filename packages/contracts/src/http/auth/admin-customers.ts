/**
 * The admin's customers, as the auth service knows them (docs/behaviour/admin.md#customers;
 * docs/decisions.md, 100): every account that is not the admin's, found by name or e-mail, newest first,
 * a page at a time, with the last sign-in; and a set-password link sent to one of them. What they own,
 * their progress and standing come from the course, payment and revenue services' own admin reads.
 */
import { z } from 'zod';
import { PlanStatusSchema } from './get-auth-user.js';
import { plainText } from '../text.js';
import { isoDateTime } from '../fields.js';

export const CUSTOMER_NOT_FOUND_MESSAGE = 'Customer not found';
export const CUSTOMER_PAGE_SIZE = 25;
export const CUSTOMER_SEARCH_MAX_LENGTH = 200;

/** `GET /api/admin/customers?q=…&offset=…`. */
export const CustomerSearchQuerySchema = z.object({
  /** Part of the name or e-mail address, any case; empty lists everyone. */
  q: plainText(
    z
      .string()
      .trim()
      .max(CUSTOMER_SEARCH_MAX_LENGTH, `The search must be at most ${CUSTOMER_SEARCH_MAX_LENGTH} characters`),
  ).default(''),
  offset: z.coerce
    .number('offset must be a number')
    .int('offset must be a whole number')
    .min(0, 'offset must be at least 0')
    .default(0),
});
export type CustomerSearchQuery = z.infer<typeof CustomerSearchQuerySchema>;

/** `/api/admin/customers/:userId…`: an account id (auth's ids are UUIDs). */
export const CustomerAccountParamsSchema = z.object({ userId: z.uuid(CUSTOMER_NOT_FOUND_MESSAGE) });

export const AdminCustomerSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  isMember: z.boolean(),
  planStatus: PlanStatusSchema,
  createdAt: isoDateTime,
  /** The newest session's start; null when the account never signed in. */
  lastSignInAt: isoDateTime.nullable(),
});
export type AdminCustomer = z.infer<typeof AdminCustomerSchema>;

export const AdminCustomerPageSchema = z.object({
  customers: z.array(AdminCustomerSchema),
  /** The offset of the next page; null on the last. */
  nextOffset: z.number().int().nonnegative().nullable(),
});
export type AdminCustomerPage = z.infer<typeof AdminCustomerPageSchema>;

export const SET_PASSWORD_LINK_MESSAGES = {
  sent: 'A set-password link is on its way to the customer.',
  limited: 'Too many links were sent to this address. Please try again later.',
} as const;

/** An admin action's answer, one sentence to show: the set-password link's, the resent receipt's. */
export const NoticeResponseSchema = z.object({ message: z.string() });
export type NoticeResponse = z.infer<typeof NoticeResponseSchema>;

/**
 * `GET /api/admin/mail?limit=50` (admin only): the most recent e-mails, newest first, with their bodies
 * and delivery state. For support, and for the embedded mode, where mail is only logged.
 */
import { z } from 'zod';
import { isoDateTime } from '../fields.js';

export const MAIL_LIST_DEFAULT_LIMIT = 50;
export const MAIL_LIST_MAX_LIMIT = 200;

export const ListMailQuerySchema = z.object({
  /** How many messages; more than the maximum gives the maximum. */
  limit: z.coerce
    .number('limit must be a number')
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .transform((limit) => Math.min(limit, MAIL_LIST_MAX_LIMIT))
    .default(MAIL_LIST_DEFAULT_LIMIT),
});
export type ListMailQuery = z.infer<typeof ListMailQuerySchema>;

/** `sent`: accepted by the SMTP server; `logged`: recorded only (no mail server configured). */
export const MailStatusSchema = z.enum(['queued', 'sent', 'logged', 'failed']);
export type MailStatus = z.infer<typeof MailStatusSchema>;

export const MailMessageSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** Which e-mail it is, e.g. `set-password`, `welcome`. */
  template: z.string(),
  status: MailStatusSchema,
  attempts: z.number().int().nonnegative(),
  /** Why the last attempt failed; null once delivered. */
  lastError: z.string().nullable(),
  createdAt: isoDateTime,
  /** When it was sent or logged; null while queued or after failing. */
  sentAt: isoDateTime.nullable(),
});
export type MailMessage = z.infer<typeof MailMessageSchema>;

export const MailListSchema = z.object({ messages: z.array(MailMessageSchema) });
export type MailList = z.infer<typeof MailListSchema>;

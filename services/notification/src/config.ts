import { envBoolean, serviceConfigSchema } from '@platform/service-kit';
import { z } from 'zod';

export const DEFAULT_MAIL_FROM = 'Restaurant Consultant <no-reply@restaurant-consultant.local>';

export const notificationConfigSchema = serviceConfigSchema('notification', {
  /** When unset, messages go to the delivery log (stored, readable by the admin, printed in development). */
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      error: 'must be a URL such as smtp://mailpit:1025 or smtps://user:pass@host',
    })
    .optional(),
  /** Do not upgrade to TLS even when the server offers STARTTLS (SMTP catchers with broken certificates). */
  SMTP_IGNORE_TLS: envBoolean.default(false),
  MAIL_FROM: z.string().trim().min(1).default(DEFAULT_MAIL_FROM),
  /** The site's address as users reach it, for links in e-mails. */
  PUBLIC_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://example.com' })
    .default('http://localhost:3000')
    .transform((url) => url.replace(/\/+$/, '')),
  /** Named in e-mails as the address to write to, and used as their Reply-To. */
  SUPPORT_EMAIL: z.email('must be an e-mail address').optional(),
  /** The support admin (docs/decisions.md, 11): receives new consultation requests and contact messages when
   *  SUPPORT_EMAIL is not set. */
  ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
});

export type NotificationConfig = z.infer<typeof notificationConfigSchema>;
